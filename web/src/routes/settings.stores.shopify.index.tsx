import { Anchor, Button, List, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconBuildingStore, IconLogin2 } from "@tabler/icons-react";
import { createFileRoute, Link } from "@tanstack/react-router";
import { PlainLayout } from "../components/PlainLayout/PlainLayout";

/**
 * Where the shop platform sends a merchant who installs the app. It has no auth
 * check of its own (docs/requirements.md#shop-authorisation-pages). An index route, not a layout: the
 * authorisation return /settings/stores/shopify/completed must not fall into this page's layout, where no
 * guard would run.
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
            OkuruのShopifyアプリをご利用いただきありがとうございます。ストアとの接続は、Okuruにログインしてから行います。
          </Text>
          <List type="ordered" size="sm" spacing={6}>
            <List.Item>Okuruにログインします。</List.Item>
            <List.Item>
              「設定」の「ストア管理」（初期設定中は「ストア連携」）で、ストアのURLを入力して「Shopifyと接続」を押します。
            </List.Item>
            <List.Item>Shopifyの画面でアプリを承認すると接続が完了し、注文の取り込みが始まります。</List.Item>
          </List>
          {/* The query Shopify sent along is kept, so the login page knows where the merchant came from. */}
          <Button
            component={Link}
            to="/login"
            search={true}
            leftSection={<IconLogin2 size={18} stroke={1.7} />}
          >
            ログインして接続する
          </Button>
          <Text size="sm" c="dimmed">
            Okuruのアカウントをお持ちでない方は
            <Anchor component={Link} to="/signup" size="sm" fw={600}>
              新規登録
            </Anchor>
            してください。
          </Text>
        </Stack>
      </Paper>
    </PlainLayout>
  );
}
