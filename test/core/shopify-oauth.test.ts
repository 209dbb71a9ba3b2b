import { createHmac } from "node:crypto";
import { Shopify } from "@okuru/core/platforms/shopify";
import { describe, expect, it } from "vitest";

const secret = "hush";

/** Signs a query as Shopify does (docs/platforms.md#shopify-oauth), apart from the code under test. */
function signed(query: Record<string, string>) {
  const message = Object.keys(query)
    .sort()
    .map((k) => `${k}=${query[k]}`)
    .join("&");
  return { ...query, hmac: createHmac("sha256", secret).update(message).digest("hex") };
}

describe("Shopify request signatures", () => {
  const query = {
    code: "0907a61c0c8d55e99db179b68161bc00",
    shop: "okuru-demo.myshopify.com",
    state: "n0nce",
    timestamp: "1700000000",
    host: "YWRtaW4uc2hvcGlmeS5jb20vc3RvcmUvb2t1cnUtZGVtbw",
  };

  it("accepts Shopify's signature over the sorted query", () => {
    expect(Shopify.isValidQueryHmac(signed(query), secret)).toBe(true);
  });

  it.each([
    ["a changed shop", { shop: "evil.myshopify.com" }],
    ["a changed state", { state: "other" }],
    ["an added parameter", { extra: "1" }],
    ["an empty signature", { hmac: "" }],
    ["a signature of another length", { hmac: "abc" }],
  ])("refuses %s", (_, change) => {
    expect(Shopify.isValidQueryHmac({ ...signed(query), ...change }, secret)).toBe(false);
  });

  it("refuses a signature made with another secret", () => {
    const other = { ...query, hmac: createHmac("sha256", "other").update("x").digest("hex") };
    expect(Shopify.isValidQueryHmac(other, secret)).toBe(false);
  });

  it("checks webhook bodies byte for byte", () => {
    const body = JSON.stringify({ id: 1, name: "#1001", note: "髙橋様 ギフト" });
    const header = createHmac("sha256", secret).update(body).digest("base64");
    expect(Shopify.isValidWebhookHmac(body, header, secret)).toBe(true);
    expect(Shopify.isValidWebhookHmac(`${body} `, header, secret)).toBe(false);
    expect(Shopify.isValidWebhookHmac(body, undefined, secret)).toBe(false);
  });
});

describe("shop domains", () => {
  it.each([
    ["okuru-demo.myshopify.com", "okuru-demo.myshopify.com"],
    ["https://Okuru-Demo.myshopify.com/admin", "okuru-demo.myshopify.com"],
    ["https://admin.shopify.com/store/okuru-demo", "okuru-demo.myshopify.com"],
    ["admin.shopify.com/store/okuru-demo/orders", "okuru-demo.myshopify.com"],
  ])("reads %s as %s", (typed, domain) => {
    expect(Shopify.shopDomainFrom(typed)).toBe(domain);
  });

  it.each(["example.com", "okuru.myshopify.com.evil.jp", "-x.myshopify.com", "", "okuru demo.myshopify.com"])(
    "refuses %s",
    (typed) => {
      expect(Shopify.shopDomainFrom(typed)).toBeUndefined();
    },
  );
});
