import { Config, type Stack } from "sst/constructs";
import { productionSettings } from "../core/src/config";

/**
 * The settings production needs and no stack can know (core/src/config.ts reads them), as SST secrets
 * kept in SSM per stage: `npx sst secrets set <name> <value> --stage production`. A function bound to
 * them is built with `prefetchSecrets`, so SST writes the values into its environment at deploy (and
 * the deploy fails while one is unset) instead of the code fetching them from SSM on every cold start.
 */
export function appSecrets(stack: Stack) {
  const secret = (name: keyof typeof productionSettings) =>
    new Config.Secret(stack, productionSettings[name].secret);
  const shopifyClientId = secret("shopifyClientId");
  const shopifyClientSecret = secret("shopifyClientSecret");
  return {
    /** What calls Shopify with a shop's token (and so may refresh it): the app's credentials. */
    shopifyApp: [shopifyClientId, shopifyClientSecret],
    /** The product's public URL: OAuth return pages and webhook callbacks are under it. */
    appUrl: secret("appUrl"),
  };
}
