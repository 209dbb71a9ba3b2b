import { Alert, ScrollArea, Tabs } from "@mantine/core";
import {
  IconAddressBook,
  IconApi,
  IconBuilding,
  IconBuildingStore,
  IconLock,
  IconNotes,
  IconTruckDelivery,
  IconUsers,
} from "@tabler/icons-react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Outlet, useLocation, useNavigate } from "@tanstack/react-router";
import { type ReactNode, useEffect, useRef } from "react";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { useCanManageSettings } from "../lib/permissions";
import { companyQueryOptions } from "../queries/companies";
import { meQueryOptions } from "../queries/users";

type SettingsPath =
  | "/settings/companies"
  | "/settings/users"
  | "/settings/stores"
  | "/settings/senders"
  | "/settings/item_categories"
  | "/settings/carriers"
  | "/settings/credentials";

interface SettingsTab {
  value: string;
  label: string;
  to: SettingsPath;
  icon: ReactNode;
}

const iconProps = { size: 16, stroke: 1.7 } as const;

/**
 * The settings tabs of spec §2, in the spec's order. API連携 is shown only to
 * companies with the feature switched on.
 */
function settingsTabs(features: { apiIntegration: boolean }): SettingsTab[] {
  const tabs: SettingsTab[] = [
    {
      value: "companies",
      label: "会社概要",
      to: "/settings/companies",
      icon: <IconBuilding {...iconProps} />,
    },
    { value: "users", label: "ユーザー管理", to: "/settings/users", icon: <IconUsers {...iconProps} /> },
    {
      value: "stores",
      label: "ストア管理",
      to: "/settings/stores",
      icon: <IconBuildingStore {...iconProps} />,
    },
    {
      value: "senders",
      label: "発送元管理",
      to: "/settings/senders",
      icon: <IconAddressBook {...iconProps} />,
    },
    {
      value: "item_categories",
      label: "備考欄設定",
      to: "/settings/item_categories",
      icon: <IconNotes {...iconProps} />,
    },
    {
      value: "carriers",
      label: "配送会社連携",
      to: "/settings/carriers",
      icon: <IconTruckDelivery {...iconProps} />,
    },
  ];
  if (features.apiIntegration) {
    tabs.push({
      value: "credentials",
      label: "API連携",
      to: "/settings/credentials",
      icon: <IconApi {...iconProps} />,
    });
  }
  return tabs;
}

export const Route = createFileRoute("/_authed/_app/settings")({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(companyQueryOptions()),
      context.queryClient.ensureQueryData(meQueryOptions()),
    ]),
  component: SettingsLayout,
});

function SettingsLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { data: company } = useSuspenseQuery(companyQueryOptions());
  const canManage = useCanManageSettings();
  const tabs = settingsTabs(company.features);
  const active = pathname.split("/").filter(Boolean)[1] ?? null;
  const tabsViewport = useRef<HTMLDivElement>(null);

  // On phones only some tabs fit: keep the current one in view.
  useEffect(() => {
    const tab = tabsViewport.current?.querySelector<HTMLElement>(`[data-tab="${active}"]`);
    tab?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [active]);

  return (
    <>
      <PageHeader
        title="設定"
        description="会社の情報、ユーザー、ストア、配送会社の契約、送り状に印字する内容を管理します。"
      />
      <Tabs
        value={active}
        onChange={(value) => {
          const tab = tabs.find((t) => t.value === value);
          if (tab) void navigate({ to: tab.to });
        }}
      >
        {/* On phones the tabs scroll sideways instead of wrapping onto a second line. */}
        <ScrollArea type="never" offsetScrollbars={false} viewportRef={tabsViewport}>
          <Tabs.List style={{ flexWrap: "nowrap" }}>
            {tabs.map((tab) => (
              <Tabs.Tab
                key={tab.value}
                value={tab.value}
                data-tab={tab.value}
                fw={500}
                leftSection={tab.icon}
                style={{ whiteSpace: "nowrap" }}
              >
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </ScrollArea>
      </Tabs>
      {!canManage && (
        <Alert variant="light" color="gray" icon={<IconLock size={18} />}>
          設定の変更は管理者のみが行えます。
        </Alert>
      )}
      <Outlet />
    </>
  );
}
