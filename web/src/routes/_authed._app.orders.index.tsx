import { Paper } from "@mantine/core";
import { IconInbox } from "@tabler/icons-react";
import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { EmptyState } from "../components/EmptyState/EmptyState";
import { PageHeader } from "../components/PageHeader/PageHeader";

export const Route = createFileRoute("/_authed/_app/orders/")({
  validateSearch: z.object({ tab_key: z.string().optional().catch(undefined) }),
  component: OrdersPage,
});

function OrdersPage() {
  return (
    <>
      <PageHeader
        title="注文リスト"
        description="連携したストアから取り込んだ注文を確認し、送り状を発行します。"
      />
      <Paper withBorder>
        <EmptyState
          icon={<IconInbox size={28} stroke={1.6} />}
          title="表示できる注文はありません"
          description="ストアを連携すると、取り込んだ注文がここに表示されます。"
        />
      </Paper>
    </>
  );
}
