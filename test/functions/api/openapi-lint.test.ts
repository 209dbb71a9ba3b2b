import { createConfig, lintFromString, loadConfig } from "@redocly/openapi-core";
import { beforeAll, describe, expect, it } from "vitest";
import { clientRouteScopes } from "../../../functions/src/api/client-scopes";
import { CLIENT_SCHEME } from "../../../functions/src/api/openapi-document";
import { publicRoutes } from "../../../functions/src/api/public-routes";
import { callApi } from "../../support/api";

// biome-ignore lint/suspicious/noExplicitAny: the document is read as the JSON it is
type Json = any;

let document: Json;
let source: string;
beforeAll(async () => {
  const response = await callApi("/api/openapi.json");
  expect(response.status).toBe(200);
  document = response.json;
  source = response.text;
});

const lintWith = async (config: Awaited<ReturnType<typeof createConfig>>) =>
  (await lintFromString({ source, absoluteRef: "/api/openapi.json", config })).map(
    (problem) =>
      `${problem.severity} ${problem.ruleId}: ${problem.message} ${problem.location[0]?.pointer ?? ""}`,
  );

const operations = () =>
  Object.entries<Json>(document.paths).flatMap(([path, item]) =>
    Object.entries<Json>(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      operation,
    })),
  );

describe("the served OpenAPI document", () => {
  it("passes redocly lint with the repo's redocly.yaml (the recommended rules) without an error or a warning", async () => {
    const config = await loadConfig({ configPath: "redocly.yaml" });
    expect(await lintWith(config)).toEqual([]);
  });

  it("has no ambiguous paths under the recommended rules but the two pairs redocly.yaml explains", async () => {
    const problems = await lintWith(await createConfig({ extends: ["recommended"] }));
    expect(problems.map((line) => line.replace(/ #\/paths.*$/, ""))).toEqual([
      "warn no-ambiguous-paths: Paths should resolve unambiguously. Found two ambiguous paths: `/api/shipments/{id}/cancel` and `/api/shipments/upload_tracking_numbers/{job_id}`.",
      "warn no-ambiguous-paths: Paths should resolve unambiguously. Found two ambiguous paths: `/api/shipments/upload_tracking_numbers/{job_id}` and `/api/shipments/{id}/upload_tracking_number`.",
    ]);
  });

  it("names every operation with its own camelCase operationId, the web client's names included", () => {
    const ids = operations().map(({ method, path, operation }) => ({
      key: `${method} ${path}`,
      id: operation.operationId,
    }));
    expect(ids.filter(({ id }) => typeof id !== "string" || !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    const seen = ids.map(({ id }) => id);
    expect(seen.filter((id, index) => seen.indexOf(id) !== index)).toEqual([]);
    const byKey = Object.fromEntries(ids.map(({ key, id }) => [key, id]));
    expect(byKey).toMatchObject({
      "GET /api/orders": "listOrders",
      "PUT /api/orders/{id}": "updateOrder",
      "POST /api/shipments/labels": "issueLabels",
      "GET /api/shipments/labels": "getLabelBatch",
      "PUT /api/shipments/{id}/upload_tracking_number": "uploadTrackingNumber",
      "PUT /api/orders/{id}/delivery/japan_post": "updateOrderDeliveryJapanPost",
      "POST /api/yamato": "createYamatoAccount",
      "POST /api/oauth_token": "createOauthToken",
    });
  });

  it("offers both security schemes, with the scope the auth middleware enforces, and none on public routes", () => {
    expect(document.components.securitySchemes.Bearer).toMatchObject({ type: "http", scheme: "bearer" });
    expect(document.components.securitySchemes[CLIENT_SCHEME]).toMatchObject({
      type: "oauth2",
      flows: { clientCredentials: { tokenUrl: "/api/oauth_token" } },
    });
    const scopes = Object.keys(
      document.components.securitySchemes[CLIENT_SCHEME].flows.clientCredentials.scopes,
    );
    expect(scopes).toEqual([
      "orders:read",
      "orders:write",
      "labels:write",
      "exports:write",
      "tracking:write",
    ]);

    const security = (method: string, path: string) => document.paths[path]?.[method.toLowerCase()]?.security;
    for (const { method, path, scope } of clientRouteScopes) {
      const paths = path.includes("{carrier}")
        ? ["japan_post", "sagawa", "yamato", "sss"].map((carrier) => path.replace("{carrier}", carrier))
        : [path];
      for (const each of paths) {
        expect(security(method, each), `${method} ${each}`).toEqual([
          { Bearer: [] },
          { [CLIENT_SCHEME]: [scope] },
        ]);
      }
    }
    for (const { method, path } of publicRoutes) {
      if (!path.includes("{proxy+}")) expect(security(method, path), `${method} ${path}`).toEqual([]);
    }
    expect(security("POST", "/api/webhooks/shopify")).toEqual([]);
    // Only a signed-in user manages users, credentials, the company, shops and sign-up.
    for (const [method, path] of [
      ["GET", "/api/users"],
      ["POST", "/api/credentials"],
      ["PUT", "/api/companies"],
      ["GET", "/api/shops"],
      ["POST", "/api/signup"],
    ] as const) {
      expect(security(method, path), `${method} ${path}`).toEqual([{ Bearer: [] }]);
    }
  });

  it("tells how to authenticate, with a licence, a contact and a described tag for every operation", () => {
    expect(document.info.license).toMatchObject({ name: expect.any(String) });
    expect(document.info.contact.url).toMatch(/^https:\/\//);
    expect(document.info.description).toContain("設定 > API連携");
    expect(document.info.description).toContain('curl -s -u "$CLIENT_ID:$CLIENT_SECRET"');
    const described = new Set(document.tags.map((tag: Json) => tag.name));
    for (const { method, path, operation } of operations()) {
      expect(operation.summary, `${method} ${path}`).toBeTruthy();
      for (const tag of operation.tags) expect(described.has(tag), `${method} ${path}: ${tag}`).toBe(true);
    }
  });

  it("shows examples for the calls an integrator makes first", () => {
    const json = (method: string, path: string) => document.paths[path][method];
    expect(
      json("post", "/api/oauth_token").responses[200].content["application/json"].example.token_type,
    ).toBe("Bearer");
    expect(json("get", "/api/orders").responses[200].content["application/json"].example.items).toHaveLength(
      1,
    );
    expect(
      json("post", "/api/shipments/labels").requestBody.content["application/json"].example.order_ids,
    ).toHaveLength(1);
    expect(
      json("get", "/api/shipments/labels").responses[200].content["application/json"].example.status,
    ).toBe("done");
    expect(
      json("put", "/api/shipments/{id}/upload_tracking_number").responses[200].content["application/json"]
        .example.status,
    ).toBe("uploaded");
  });
});
