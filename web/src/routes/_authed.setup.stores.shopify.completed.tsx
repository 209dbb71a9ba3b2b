import { Paper, Stack, Text, Title } from "@mantine/core";
import type { SetupStep } from "@okuru/core/shared/setup-status";
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { SetupWizard } from "../components/SetupWizard/SetupWizard";
import { companyQueryOptions } from "../queries/companies";

/**
 * The shop platform's authorisation return during setup (spec §4, "Shop-authorisation
 * return"). The guard keeps the user here only while all five query parameters are
 * present; finishing the connection with them belongs to the stores step.
 */
export const Route = createFileRoute("/_authed/setup/stores/shopify/completed")({
  // Only the shop is read; code, hmac, host and timestamp stay in the URL as they came.
  validateSearch: z.object({ shop: z.string().optional().catch(undefined) }),
  loader: ({ context }) => context.queryClient.ensureQueryData(companyQueryOptions()),
  component: ShopifyCompletedPage,
});

function ShopifyCompletedPage() {
  const { shop } = Route.useSearch();
  const { data: company } = useSuspenseQuery(companyQueryOptions());
  // The wizard shows where the company really is; the guard never keeps a finished one here.
  const current: SetupStep = company.setupStatus === "done" ? "carriers" : company.setupStatus;

  return (
    <SetupWizard current={current}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg">
            Shopifyストアの連携
          </Title>
          <Text size="sm">
            {shop
              ? `${shop} からの連携の許可を受け付けました。`
              : "Shopifyからの連携の許可を受け付けました。"}
          </Text>
        </Stack>
        <Paper withBorder bg="gray.0" p="lg" style={{ borderStyle: "dashed" }}>
          <Text size="sm" c="dimmed" ta="center">
            連携を完了する画面は準備中です。公開まで今しばらくお待ちください。
          </Text>
        </Paper>
      </Stack>
    </SetupWizard>
  );
}
