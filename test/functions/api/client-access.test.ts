import { Company } from "@okuru/core/entities/company";
import { beforeAll, describe, expect, it } from "vitest";
import { clientRouteScopes } from "../../../functions/src/api/client-scopes";
import { handler as labelJobHandler } from "../../../functions/src/queue/label-job";
import { callApi } from "../../support/api";
import { accessToken, apiEnabledAccount, clientCaller, createCredential } from "../../support/api-clients";
import { shopOrderFixture } from "../../support/orders";
import { apiCaller, type Call, kyotoCompanyProfile, shippingCompany } from "../../support/printing";
import { usePrivateQueue } from "../../support/queues";
import { drainQueue } from "../../support/simulators";

/**
 * What an API連携 access token may reach on the protected routes: only the routes its
 * scopes open (403 naming the missing scope), never a route for signed-in people, never
 * another company's data, and what it does is recorded as the credential's.
 */

beforeAll(async () => {
  await usePrivateQueue("labelJob");
});

let nextRange = 0;

/** A company printing Yamato labels with orders, its API連携 on, and a client token with `scopes`. */
async function apiCompany(scopes: string[], orders = 2, firstOrder = 1) {
  const first = 33_500_000_000 + (process.pid % 1000) * 10_000 + nextRange;
  nextRange += 200;
  const company = await shippingCompany({
    yamato: { first, count: 100 },
    // Order ids derive from the shop's order, so two companies get different orders to tell apart.
    orders: Array.from({ length: orders }, (_, i) => shopOrderFixture(i + firstOrder)),
  });
  await Company.setFeature(company.account.tenantId, "api", true);
  const credential = await createCredential(company.account, { scopes });
  const client = clientCaller(await accessToken(credential));
  return { ...company, credential, client };
}

async function issueLabels(call: Call, orderIds: string[]) {
  const accepted = await call("/shipments/labels", "POST", { order_ids: orderIds });
  expect(accepted.status, accepted.text).toBe(202);
  await drainQueue("labelJob", labelJobHandler);
  const status = await call(`/shipments/labels?label_id=${accepted.json.label_id}`);
  expect(status.status, status.text).toBe(200);
  return status.json;
}

describe("access tokens on the protected routes", () => {
  it("name only documented routes in the scope table", async () => {
    const doc = (await callApi("/api/openapi.json")).json as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => ({ method: method.toUpperCase(), path })),
    );
    const parts = (path: string) => path.split("/").filter(Boolean);
    const isParam = (part: string) => part.startsWith("{");
    const covers = (template: string, path: string) =>
      parts(template).length === parts(path).length &&
      parts(template).every((part, i) => isParam(part) || part === parts(path)[i]);
    const unknown = clientRouteScopes.filter(
      (route) => !documented.some((op) => op.method === route.method && covers(route.path, op.path)),
    );
    expect(unknown).toEqual([]);
  });

  it("answer 403 naming the scope a route needs when the token lacks it", async () => {
    const { client, ids } = await apiCompany(["orders:read"]);
    expect((await client("/orders?limit=10")).status).toBe(200);
    expect((await client(`/orders/${ids[0]}`)).status).toBe(200);
    const issue = await client("/shipments/labels", "POST", { order_ids: ids });
    expect(issue.status).toBe(403);
    expect(issue.json).toMatchObject({
      code: "auth.scope_missing",
      message: expect.stringContaining("labels:write"),
    });
    const upload = await client("/shipments/upload_tracking_numbers", "PUT", { shipment_ids: ["shp_x"] });
    expect(upload.json.message).toContain("tracking:write");
  });

  it("a token asked for fewer scopes than its credential gets only those", async () => {
    const company = await apiCompany(["orders:read", "labels:write"]);
    const narrow = clientCaller(await accessToken(company.credential, "orders:read"));
    expect((await narrow("/orders?limit=1")).status).toBe(200);
    expect((await narrow("/shipments/labels", "POST", { order_ids: company.ids })).json.code).toBe(
      "auth.scope_missing",
    );
  });

  it("a scope removed from the credential leaves its issued tokens at once", async () => {
    const { client, account, credential } = await apiCompany(["orders:read", "labels:write"]);
    const updated = await callApi(`/api/credentials/${credential.id}`, {
      method: "PUT",
      token: account.idToken,
      body: { name: "参照のみ", scopes: ["labels:write"] },
    });
    expect(updated.status).toBe(200);
    const read = await client("/orders?limit=1");
    expect(read.status).toBe(403);
    expect(read.json.message).toContain("orders:read");
  });

  it("never reach the routes for signed-in people, whatever the scopes", async () => {
    const { client, credential } = await apiCompany([
      "orders:read",
      "orders:write",
      "labels:write",
      "exports:write",
      "tracking:write",
    ]);
    const userOnly: [string, string, unknown?][] = [
      ["/users", "GET"],
      ["/users/me", "GET"],
      ["/credentials", "GET"],
      ["/credentials", "POST", { name: "自己増殖", scopes: ["orders:read"] }],
      [`/credentials/${credential.id}/rotate`, "POST"],
      ["/companies", "GET"],
      ["/companies", "PUT", kyotoCompanyProfile()],
      ["/shops", "GET"],
      ["/senders", "GET"],
      ["/brands", "GET"],
      ["/yamato", "GET"],
      ["/signup", "POST", {}],
    ];
    for (const [path, method, body] of userOnly) {
      const answer = await client(path, method, body);
      expect([path, answer.status, answer.json?.code]).toEqual([path, 403, "auth.client_not_allowed"]);
    }
  });

  it("a token of company A never reaches company B's orders, shipments or labels", async () => {
    const a = await apiCompany(["orders:read", "orders:write", "labels:write", "tracking:write"]);
    const b = await apiCompany(["orders:read"], 2, 11);
    const bLabels = await issueLabels(b.call, [b.ids[0]!]);
    const [bShipment] = bLabels.results[0].shipment_ids as string[];
    expect(bShipment).toMatch(/^shp_/);

    expect((await a.client(`/orders/${b.ids[0]}`)).status).toBe(404);
    expect((await a.client(`/orders/${b.ids[1]}`, "PUT", { memo: "越境" })).status).toBe(404);
    expect((await a.client(`/shipments/${bShipment}`)).status).toBe(404);
    expect((await a.client(`/shipments/${bShipment}/cancel`, "PUT")).status).toBe(404);
    expect((await a.client(`/shipments/${bShipment}/upload_tracking_number`, "PUT")).status).toBe(404);
    expect((await a.client(`/shipments/labels?label_id=${bLabels.label_id}`)).status).toBe(404);
    const listed = (await a.client("/orders?limit=100")).json.items.map((o: { id: string }) => o.id);
    expect(listed.some((id: string) => b.ids.includes(id))).toBe(false);
    const shipments = (await a.client("/shipments?limit=100")).json.items.map((s: { id: string }) => s.id);
    expect(shipments).not.toContain(bShipment);

    const accepted = await a.client("/shipments/labels", "POST", { order_ids: [b.ids[1]] });
    if (accepted.status === 202) {
      await drainQueue("labelJob", labelJobHandler);
      const status = await a.client(`/shipments/labels?label_id=${accepted.json.label_id}`);
      expect(status.json.results.every((r: { error: string | null }) => r.error)).toBe(true);
    } else {
      expect(accepted.status).toBeGreaterThanOrEqual(400);
    }
    const bOrder = await b.call(`/orders/${b.ids[1]}`);
    expect(bOrder.json.shipment_status).toBe("notShipped");
    expect((await b.call("/shipments?limit=100")).json.items).toHaveLength(1);
  });

  it("labels issued with a token are recorded as the credential's", async () => {
    const { client, ids, credential } = await apiCompany(["orders:read", "labels:write"], 1);
    const status = await issueLabels(client, [ids[0]!]);
    const [shipmentId] = status.results[0].shipment_ids as string[];
    const shipment = await client(`/shipments/${shipmentId}`);
    expect(shipment.json.history).toEqual([
      expect.objectContaining({ action: "issue", user_id: credential.id }),
    ]);
  });

  it("numbers imported with a token are recorded as the credential's", async () => {
    const { client, credential } = await apiCompany(["orders:read", "exports:write"], 1);
    const content = Buffer.from("#1001,405548424886\r\n", "latin1").toString("base64");
    const imported = await client("/imports", "POST", {
      format: "order_numbers",
      carrier: "yamato",
      content_base64: content,
    });
    expect(imported.status, imported.text).toBe(200);
    const shipment = await client(`/shipments/${imported.json.matched[0].shipment_id}`);
    expect(shipment.json.history).toEqual([
      expect.objectContaining({ action: "import", user_id: credential.id }),
    ]);
  });

  it("a made-up access token is refused like a bad ID token", async () => {
    const answer = await callApi("/api/orders", { token: `okt_${"A".repeat(43)}` });
    expect(answer.status).toBe(401);
    expect(answer.json.code).toBe("auth.invalid_token");
    const signedIn = apiCaller((await apiEnabledAccount()) as { idToken: string });
    expect((await signedIn("/orders?limit=1")).status).toBe(200);
  });
});
