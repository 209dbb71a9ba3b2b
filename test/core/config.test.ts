import { coreConfig, MissingSettingError, resetCoreConfig } from "@okuru/core/config";
import { afterEach, describe, expect, it } from "vitest";

const saved = { ...process.env };

/** The environment a deployed function has: SST bindings and no stand-in endpoint. */
function inAws(variables: Record<string, string> = {}) {
  for (const name of Object.keys(process.env)) {
    if (name.startsWith("OKURU_") || name.startsWith("SST_")) delete process.env[name];
  }
  Object.assign(process.env, {
    SST_Table_tableName_Main: "production-okuru-Main",
    OKURU_KMS_KEY_ID: "arn:aws:kms:ap-northeast-1:123456789012:key/k",
    ...variables,
  });
  resetCoreConfig();
}

afterEach(() => {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
  resetCoreConfig();
});

function errorOf(read: () => unknown): Error {
  try {
    read();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a throw");
}

describe("coreConfig in AWS", () => {
  it("takes the Shopify app and the app URL from the SST secrets SST wrote into the environment", () => {
    inAws({
      SST_Secret_value_ShopifyClientId: "client-id",
      SST_Secret_value_ShopifyClientSecret: "shpss_secret",
      SST_Secret_value_AppUrl: "https://app.okuru.jp/",
    });
    expect(coreConfig().shopify).toMatchObject({ clientId: "client-id", clientSecret: "shpss_secret" });
    expect(coreConfig().appUrl).toBe("https://app.okuru.jp");
  });

  it("stops start-up naming each bound secret that has no value", () => {
    inAws({
      SST_Secret_value_ShopifyClientId: "client-id",
      SST_Secret_value_ShopifyClientSecret: "__FETCH_FROM_SSM__",
      SST_Secret_value_AppUrl: "",
    });
    const error = errorOf(() => coreConfig());
    expect(error).toBeInstanceOf(MissingSettingError);
    expect(error.message).toContain("OKURU_SHOPIFY_CLIENT_SECRET（SST シークレット ShopifyClientSecret）");
    expect(error.message).toContain("OKURU_APP_URL（SST シークレット AppUrl）");
    expect(error.message).not.toContain("ShopifyClientId");
  });

  it("has no development default: an unset value fails when read, naming it, instead of localhost or an empty key", () => {
    inAws();
    // A function that never talks to Shopify still starts.
    expect(coreConfig().tableName).toBe("production-okuru-Main");
    const secret = errorOf(() => coreConfig().shopify.clientSecret);
    expect(secret).toBeInstanceOf(MissingSettingError);
    expect(secret.message).toMatch(
      /^設定エラー: OKURU_SHOPIFY_CLIENT_SECRET（SST シークレット ShopifyClientSecret）が未設定です。/,
    );
    expect(errorOf(() => coreConfig().appUrl).message).toContain("OKURU_APP_URL");
    expect(errorOf(() => coreConfig().shopify.clientId).message).toContain("OKURU_SHOPIFY_CLIENT_ID");
  });
});

describe("coreConfig beside the stand-ins", () => {
  it("reads the OKURU_* variables the dev runner and the tests set", () => {
    inAws({
      OKURU_DYNAMODB_ENDPOINT: "http://127.0.0.1:8000",
      OKURU_SHOPIFY_CLIENT_ID: "simulated",
      OKURU_SHOPIFY_CLIENT_SECRET: "simulated-secret",
      OKURU_APP_URL: "http://127.0.0.1:5173/",
    });
    expect(coreConfig().shopify).toMatchObject({ clientId: "simulated", clientSecret: "simulated-secret" });
    expect(coreConfig().appUrl).toBe("http://127.0.0.1:5173");
  });

  it("keeps development values for what is not set", () => {
    inAws({ OKURU_DYNAMODB_ENDPOINT: "http://127.0.0.1:8000" });
    expect(coreConfig().shopify).toMatchObject({ clientId: "", clientSecret: "" });
    expect(coreConfig().appUrl).toBe("http://localhost:5173");
  });
});
