import { Paper } from "@mantine/core";
import { IconApi } from "@tabler/icons-react";
import { createFileRoute, redirect } from "@tanstack/react-router";
import { EmptyState } from "../components/EmptyState/EmptyState";
import { companyQueryOptions } from "../queries/companies";

/** API連携: only for companies with the feature on; the keys screen itself is a later release. */
export const Route = createFileRoute("/_authed/_app/settings/credentials")({
  beforeLoad: async ({ context }) => {
    const company = await context.queryClient.ensureQueryData(companyQueryOptions());
    if (!company.features.apiIntegration) throw redirect({ to: "/settings/companies" });
  },
  component: CredentialsPage,
});

function CredentialsPage() {
  return (
    <Paper withBorder>
      <EmptyState
        icon={<IconApi size={28} stroke={1.6} />}
        title="API連携はまだご利用いただけません"
        description="外部システムからOkuruを操作するためのAPIキーの発行・管理は、今後のリリースで追加されます。公開まで今しばらくお待ちください。"
      />
    </Paper>
  );
}
