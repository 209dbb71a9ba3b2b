import { Tabs } from "@mantine/core";
import { createFileRoute, Outlet, useLocation, useNavigate } from "@tanstack/react-router";
import { PageHeader } from "../components/PageHeader/PageHeader";

/** The settings tabs of spec §2 that exist so far; each later tab adds one entry. */
const settingsTabs = [{ value: "companies", label: "会社概要", to: "/settings/companies" }] as const;

export const Route = createFileRoute("/_authed/_app/settings")({
  component: SettingsLayout,
});

function SettingsLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = pathname.split("/").filter(Boolean)[1] ?? null;

  return (
    <>
      <PageHeader title="設定" />
      <Tabs
        value={active}
        onChange={(value) => {
          const tab = settingsTabs.find((t) => t.value === value);
          if (tab) void navigate({ to: tab.to });
        }}
      >
        <Tabs.List>
          {settingsTabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} fw={500}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}
