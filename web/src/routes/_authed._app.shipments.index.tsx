import { Paper } from "@mantine/core";
import { IconTruckDelivery } from "@tabler/icons-react";
import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { EmptyState } from "../components/EmptyState/EmptyState";
import { PageHeader } from "../components/PageHeader/PageHeader";

export const Route = createFileRoute("/_authed/_app/shipments/")({
  validateSearch: z.object({ status: z.string().optional().catch(undefined) }),
  component: ShipmentsPage,
});

function ShipmentsPage() {
  return (
    <>
      <PageHeader title="出荷履歴" description="発行した送り状と出荷の状況を確認できます。" />
      <Paper withBorder>
        <EmptyState
          icon={<IconTruckDelivery size={28} stroke={1.6} />}
          title="出荷履歴はまだありません"
          description="送り状を発行すると、ここに出荷履歴が表示されます。"
        />
      </Paper>
    </>
  );
}
