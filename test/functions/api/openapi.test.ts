import { describe, expect, it } from "vitest";
import { docsPage } from "../../../functions/src/api/docs-page";
import { testAccount } from "../../support/account";
import { callApi } from "../../support/api";

describe("GET /api/openapi.json", () => {
  it("is public and documents every route with its security and error shape", async () => {
    const res = await callApi("/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = res.json;
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/health", "/api/signup", "/api/companies"]),
    );
    expect(doc.paths["/api/companies"].get.security).toEqual([{ Bearer: [] }]);
    expect(doc.paths["/api/health"].get.security).toEqual([]);
    expect(doc.components.securitySchemes.Bearer).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.schemas.Error.required).toEqual(expect.arrayContaining(["code", "message"]));
  });

  it("documents Idempotency-Key on every route that honours it", async () => {
    const doc = (await callApi("/api/openapi.json")).json;
    const headerOf = (path: string, method: string) =>
      (doc.paths[path][method].parameters ?? []).find(
        (p: { in: string; name: string }) => p.in === "header" && p.name === "idempotency-key",
      );
    for (const [path, method] of [
      ["/api/shipments/labels", "post"],
      ["/api/shipments/reissue", "post"],
      ["/api/shipments/upload_tracking_numbers", "put"],
      ["/api/shipments/{id}/upload_tracking_number", "put"],
      ["/api/orders/sync", "post"],
    ] as const) {
      expect(headerOf(path, method), `${method} ${path}`).toMatchObject({
        required: false,
        schema: { type: "string" },
      });
    }
    expect(headerOf("/api/companies", "get")).toBeUndefined();
  });

  it("answers unknown routes with a JSON 404 when signed in, and tells nothing without a token", async () => {
    const account = await testAccount();
    const res = await callApi("/api/no-such-thing", { token: account.idToken });
    expect(res.status).toBe(404);
    expect(res.json.code).toBe("route.not_found");
    // Without a token no route's existence is revealed: authentication comes first, for every path.
    expect((await callApi("/api/no-such-thing")).status).toBe(401);
  });
});

describe("GET /api/docs", () => {
  it("is public: one self-contained Japanese page, from the credential to the tracking upload, then every operation", async () => {
    const res = await callApi("/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const page = res.text;
    expect(page).toContain('<html lang="ja">');
    // Nothing is fetched: no script, stylesheet, image or frame from anywhere.
    expect(page).not.toMatch(/<script|<link|<img|<iframe|\bsrc=|@import|url\(/i);
    const steps = [
      "設定 &gt; API連携",
      "/api/oauth_token",
      "/api/orders?shipment_status=notShipped",
      "/api/shipments/labels",
      "curl -s -o label.pdf",
      "/upload_tracking_number",
    ];
    const at = steps.map((step) => page.indexOf(step));
    expect(
      at.every((index) => index > 0),
      JSON.stringify(at),
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    const doc = (await callApi("/api/openapi.json")).json;
    for (const [path, item] of Object.entries<Record<string, { operationId: string }>>(doc.paths)) {
      for (const operation of Object.values(item)) {
        expect(page, path).toContain(`id="${operation.operationId}"`);
      }
    }
    expect(page).toContain("スコープ <code>labels:write</code>");
  });

  it("escapes every value it shows", () => {
    const hostile = "<script>alert(1)</script>";
    const page = docsPage(
      {
        info: { title: hostile, version: "1" },
        tags: [{ name: "x", description: hostile }],
        paths: {
          "/api/x": {
            get: {
              tags: ["x"],
              operationId: '"><b>',
              summary: hostile,
              parameters: [
                { name: hostile, in: "query", schema: { type: "string", enum: [hostile] }, example: hostile },
              ],
              responses: {
                200: { description: hostile, content: { "application/json": { example: { hostile } } } },
              },
            },
          },
        },
      },
      `https://example.jp/${hostile}`,
    );
    expect(page).not.toContain("<script");
    expect(page).not.toContain('"><b>');
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});
