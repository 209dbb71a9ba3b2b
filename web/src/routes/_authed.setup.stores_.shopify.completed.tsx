import { Stack } from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { AdvanceStep } from "../components/SetupWizard/AdvanceStep";
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
  component: ShopifyCompletedPage,
});

function ShopifyCompletedPage() {
  const { data: company } = useSuspenseQuery(companyQueryOptions());
  return (
    <Stack gap="xl">
      <ShopifyConnectionResult
        from="setup"
        next={
          // Offered while the company is on ストア連携; the guard never keeps a finished one here.
          company.setupStatus === "stores" && (
            <AdvanceStep next="carriers" label="次へ" icon={<IconArrowRight size={18} stroke={1.8} />} />
          )
        }
      />
    </Stack>
  );
}
