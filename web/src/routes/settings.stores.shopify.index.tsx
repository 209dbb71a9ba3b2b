import { Anchor, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconBuildingStore } from "@tabler/icons-react";
import { createFileRoute, Link } from "@tanstack/react-router";
import { PlainLayout } from "../components/PlainLayout/PlainLayout";

/**
 * Where the shop platform sends a merchant who installs the app. It has no auth
 * check of its own (spec §2). An index route, not a layout: the authorisation
 * return /settings/stores/shopify/completed must not fall into this page's
 * layout, where no guard would run.
 */
export const Route = createFileRoute("/settings/stores/shopify/")({
  component: ShopifyInstallPage,
});

function ShopifyInstallPage() {
  return (
    <PlainLayout>
      <Paper withBorder shadow="xs" p="xl">
        <Stack gap="md" align="flex-start">
          <ThemeIcon size={48} radius="xl" variant="light">
            <IconBuildingStore size={26} stroke={1.6} />
          </ThemeIcon>
          <Title order={1} fz={22}>
            Shopifyストアとの連携
          </Title>
          <Text size="sm">
            Shopifyストアとの連携画面は、今後のリリースで提供を予定しています。公開まで今しばらくお待ちください。
          </Text>
          <Text size="sm" c="dimmed">
            Okuruのアカウントをお持ちの方は、
            <Anchor component={Link} to="/login" size="sm" fw={600}>
              ログイン
            </Anchor>
            してご利用ください。
          </Text>
        </Stack>
      </Paper>
    </PlainLayout>
  );
}
