import {
  AppShell,
  Badge,
  Burger,
  Group,
  NavLink,
  type NavLinkProps,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import {
  IconBulb,
  IconClipboardList,
  IconExternalLink,
  IconHelpCircle,
  IconLogout,
  IconSettings,
  IconTruckDelivery,
  IconUserCircle,
} from "@tabler/icons-react";
import { createLink, Link, linkOptions, useLocation, useRouteContext } from "@tanstack/react-router";
import type { ComponentPropsWithRef, ReactNode } from "react";
import { config } from "../../config";
import { useLogout } from "../../hooks/use-logout";
import { HEADER_HEIGHT } from "../../theme";
import { Logo } from "../Logo/Logo";
import { ServiceEndBanner } from "../ServiceEndBanner/ServiceEndBanner";
import classes from "./AppLayout.module.css";

const iconProps = { size: 20, stroke: 1.7 } as const;

/** Mantine's NavLink rendered as the router's Link, with typed `to` and `search`. */
const RouterNavLink = createLink((props: NavLinkProps & ComponentPropsWithRef<"a">) => (
  <NavLink component="a" {...props} />
));

/** The main menu, in order: each item's page (with its default tab) and the path segment it is active on. */
const mainMenu = [
  {
    segment: "orders",
    label: "注文リスト",
    Icon: IconClipboardList,
    link: linkOptions({ to: "/orders", search: { tab_key: "notShipped" } }),
  },
  {
    segment: "shipments",
    label: "出荷履歴",
    Icon: IconTruckDelivery,
    link: linkOptions({ to: "/shipments", search: { status: "isShipped" } }),
  },
  {
    segment: "settings",
    label: "設定",
    Icon: IconSettings,
    link: linkOptions({ to: "/settings/companies" }),
  },
];

/** The active item is the one whose first path segment matches (docs/requirements.md#sidebar). */
function firstSegment(pathname: string): string {
  return pathname.split("/").filter(Boolean)[0] ?? "";
}

export function AppLayout({ children }: { children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const { user } = useRouteContext({ from: "/_authed" });
  const logout = useLogout();
  const segment = firstSegment(pathname);

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: 256, breakpoint: "sm", collapsed: { mobile: !opened } }}
      padding={0}
      classNames={{ main: classes.main }}
    >
      <AppShell.Header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="メニューを開く" />
            <Link
              to="/orders"
              search={{ tab_key: "notShipped" }}
              className={classes.logoLink}
              aria-label="注文リストへ"
            >
              <Logo size="sm" />
            </Link>
          </Group>
          {user && (
            <Group gap={6} wrap="nowrap" visibleFrom="xs" className={classes.user}>
              <IconUserCircle size={20} stroke={1.5} />
              <Text size="sm" truncate maw={260}>
                {user.email}
              </Text>
            </Group>
          )}
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="メインメニュー">
        <AppShell.Section grow component={ScrollArea}>
          <Stack gap={2}>
            {mainMenu.map(({ segment: itemSegment, label, Icon, link }) => (
              <RouterNavLink
                key={itemSegment}
                {...link}
                label={label}
                leftSection={<Icon {...iconProps} />}
                active={segment === itemSegment}
                onClick={close}
                className={classes.link}
              />
            ))}
          </Stack>

          <Text size="xs" fw={600} c="dimmed" px="sm" mt="lg" mb={4}>
            サポート
          </Text>
          <Stack gap={2}>
            <NavLink
              component="a"
              href={config.helpUrl}
              target="_blank"
              rel="noopener noreferrer"
              label="ヘルプ"
              leftSection={<IconHelpCircle {...iconProps} />}
              rightSection={<IconExternalLink size={14} stroke={1.6} />}
              className={classes.link}
            />
            <NavLink
              component="a"
              href={config.featureRequestUrl}
              target="_blank"
              rel="noopener noreferrer"
              label={
                <Group gap={8} wrap="nowrap">
                  <span className={classes.nowrap}>機能リクエスト</span>
                  <Badge size="xs" color="red" variant="filled" radius="sm" className={classes.badge}>
                    NEW
                  </Badge>
                </Group>
              }
              leftSection={<IconBulb {...iconProps} />}
              rightSection={<IconExternalLink size={14} stroke={1.6} />}
              className={classes.link}
            />
          </Stack>
        </AppShell.Section>

        <AppShell.Section className={classes.footer}>
          <UnstyledButton className={classes.logout} onClick={() => void logout()}>
            <IconLogout {...iconProps} />
            <span>ログアウト</span>
          </UnstyledButton>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <div className={classes.content}>
          <ServiceEndBanner />
          {children}
        </div>
      </AppShell.Main>
    </AppShell>
  );
}
