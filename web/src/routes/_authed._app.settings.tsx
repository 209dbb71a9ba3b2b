import { Alert, ScrollArea, Tabs } from "@mantine/core";
import {
  type Icon,
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
import { loadQueries } from "../queries/preload";
import { meQueryOptions } from "../queries/users";

type SettingsValue =
  | "companies"
  | "users"
  | "stores"
  | "senders"
  | "item_categories"
  | "carriers"
  | "credentials";

interface SettingsTab {
  value: SettingsValue;
  label: string;
  to: `/settings/${SettingsValue}`;
  icon: ReactNode;
}

/** One tab: its path segment, its label and its icon. */
function tab(value: SettingsValue, label: string, Icon: Icon): SettingsTab {
  return { value, label, to: `/settings/${value}`, icon: <Icon size={16} stroke={1.7} /> };
}

/**
 * The settings tabs of docs/requirements.md#settings-tabs, in that order. API連携 is shown only to
 * the administrators of companies with the feature switched on (only they manage credentials).
 */
function settingsTabs(features: { apiIntegration: boolean }, canManage: boolean): SettingsTab[] {
  const tabs = [
    tab("companies", "会社概要", IconBuilding),
    tab("users", "ユーザー管理", IconUsers),
    tab("stores", "ストア管理", IconBuildingStore),
    tab("senders", "発送元管理", IconAddressBook),
    tab("item_categories", "備考欄設定", IconNotes),
    tab("carriers", "配送会社連携", IconTruckDelivery),
  ];
  if (features.apiIntegration && canManage) tabs.push(tab("credentials", "API連携", IconApi));
  return tabs;
}

export const Route = createFileRoute("/_authed/_app/settings")({
  loader: loadQueries(companyQueryOptions, meQueryOptions),
  component: SettingsLayout,
});

function SettingsLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { data: company } = useSuspenseQuery(companyQueryOptions());
  const canManage = useCanManageSettings();
  const tabs = settingsTabs(company.features, canManage);
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
