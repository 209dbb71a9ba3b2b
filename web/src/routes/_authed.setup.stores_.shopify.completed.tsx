import { Stack } from "@mantine/core";
import type { SetupStep } from "@okuru/core/shared/setup-status";
import { IconArrowRight } from "@tabler/icons-react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { AdvanceStep } from "../components/SetupWizard/AdvanceStep";
import { SetupWizard } from "../components/SetupWizard/SetupWizard";
import { ShopifyConnectionResult } from "../components/StoresSettings/ShopifyConnectionResult";
import { shopifyReturnSearch } from "../lib/shopify-return";
import { companyQueryOptions } from "../queries/companies";

/**
 * The shop platform's authorisation return during setup
 * (docs/requirements.md#shop-authorisation-return). The guard keeps the user here only while all five
 * query parameters are present; the page hands the whole query to the API, which connects the shop.
 */
export const Route = createFileRoute("/_authed/setup/stores_/shopify/completed")({
  validateSearch: shopifyReturnSearch,
  loader: ({ context }) => context.queryClient.ensureQueryData(companyQueryOptions()),
  component: ShopifyCompletedPage,
});

function ShopifyCompletedPage() {
  const { data: company } = useSuspenseQuery(companyQueryOptions());
  // The wizard shows where the company really is; the guard never keeps a finished one here.
  const current: SetupStep = company.setupStatus === "done" ? "carriers" : company.setupStatus;

  return (
    <SetupWizard current={current}>
      <Stack gap="xl">
        <ShopifyConnectionResult
          from="setup"
          next={
            current === "stores" && (
              <AdvanceStep next="carriers" label="次へ" icon={<IconArrowRight size={18} stroke={1.8} />} />
            )
          }
        />
      </Stack>
    </SetupWizard>
  );
}
