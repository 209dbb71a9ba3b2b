import { Paper } from "@mantine/core";
import { createFileRoute } from "@tanstack/react-router";
import { ShopifyConnectionResult } from "../components/StoresSettings/ShopifyConnectionResult";
import { shopifyReturnSearch } from "../lib/shopify-return";

/**
 * The shop platform's authorisation return once setup is done
 * (docs/requirements.md#shop-authorisation-return): under the ストア管理 tab, but not inside its page
 * (`stores_`), so the list does not load around the result. The guard keeps the user here only with all
 * five parameters.
 */
export const Route = createFileRoute("/_authed/_app/settings/stores_/shopify/completed")({
  validateSearch: shopifyReturnSearch,
  component: ShopifyCompletedSettingsPage,
});

function ShopifyCompletedSettingsPage() {
  return (
    <Paper withBorder p="xl">
      <ShopifyConnectionResult from="settings" />
    </Paper>
  );
}
