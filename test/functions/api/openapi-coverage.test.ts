import { createConfig, lintFromString } from "@redocly/openapi-core";
import { beforeAll, describe, expect, it } from "vitest";
import { apiServing } from "../../../functions/src/api/app";
import { handler } from "../../../functions/src/queue/label-job";
import { callApi } from "../../support/api";
import { shopOrderFixture } from "../../support/orders";
import { shippingCompany } from "../../support/printing";
import { usePrivateQueue } from "../../support/queues";
import { drainQueue } from "../../support/simulators";

// biome-ignore lint/suspicious/noExplicitAny: the document is read as the JSON it is
type Json = any;

let document: Json;
/** The app that serves the document holds every route (the others hold their own group's). */
let documented: Awaited<ReturnType<typeof apiServing>>;
beforeAll(async () => {
  document = (await callApi("/api/openapi.json")).json;
  documented = await apiServing("/api/openapi.json");
});

/** Every route the app answers, as the document would name it (`:id` is `{id}`); middleware is not a route. */
const registeredRoutes = () =>
  [
    ...new Set(
      documented.routes
        .filter((route) => route.method !== "ALL")
        .map((route) => `${route.method} ${route.path.replace(/:([A-Za-z_]+)/g, "{$1}")}`),
    ),
  ].sort();

const documentedRoutes = () =>
  Object.entries<Json>(document.paths)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();

/**
 * Where `body` differs from what the document says `method path` answers with `status`:
 * the body is put in as the answer's example and linted with additional properties
 * refused, so a field the document does not name is a difference too.
 */
async function differences(method: string, path: string, status: number, body: unknown) {
  const copy = structuredClone(document);
  const media = copy.paths[path]?.[method]?.responses?.[status]?.content?.["application/json"];
  if (!media) return [`${method} ${path} documents no JSON answer ${status}`];
  media.example = body;
  const config = await createConfig({
    rules: { "no-invalid-media-type-examples": { severity: "error", allowAdditionalProperties: false } },
  });
  const problems = await lintFromString({
    source: JSON.stringify(copy),
    absoluteRef: "/api/openapi.json",
    config,
  });
  const pointer = `#/paths/${path.replaceAll("~", "~0").replaceAll("/", "~1")}/${method}/responses/${status}/`;
  return problems
    .filter((problem) => problem.ruleId === "no-invalid-media-type-examples")
    .filter((problem) => problem.location[0]?.pointer?.startsWith(pointer))
    .map((problem) => `${problem.message} ${problem.location[0]?.pointer}`);
}

describe("the OpenAPI document against the app", () => {
  it("documents every route the app serves, and no route it does not", () => {
    expect(registeredRoutes().length).toBeGreaterThan(70);
    expect(registeredRoutes()).toEqual(documentedRoutes());
  });

  it("serves every route from the group its path names, so a cold start loads no other", async () => {
    const unserved: string[] = [];
    for (const route of documented.routes.filter((each) => each.method !== "ALL")) {
      const group = await apiServing(route.path);
      if (!group.routes.some((each) => each.method === route.method && each.path === route.path)) {
        unserved.push(`${route.method} ${route.path}`);
      }
    }
    expect(unserved).toEqual([]);
    // A group holds its own routes only: the order list's cold start builds no shipment route.
    const orders = await apiServing("/api/orders");
    expect(orders.routes.some((route) => route.path.startsWith("/api/shipments"))).toBe(false);
  });

  describe("answers have their documented shape", () => {
    let company: Awaited<ReturnType<typeof shippingCompany>>;
    beforeAll(async () => {
      await usePrivateQueue("labelJob");
      company = await shippingCompany({
        yamato: { first: 46_300_000_000 },
        orders: [1, 2].map((n) => shopOrderFixture(n)),
      });
      const accepted = await company.call("/shipments/labels", "POST", { order_ids: [company.ids[0]] });
      expect(accepted.status, accepted.text).toBe(202);
      await drainQueue("labelJob", handler);
    }, 120_000);

    const answers = async (path: string) => {
      const answer = await company.call(path);
      expect(answer.status, answer.text).toBe(200);
      return answer.json;
    };

    it.each([
      ["/companies", "/api/companies"],
      ["/brands", "/api/brands"],
      ["/orders", "/api/orders"],
      ["/shipments", "/api/shipments"],
    ])("GET %s", async (path, documented) => {
      const body = await answers(path);
      if (path === "/orders" || path === "/shipments") expect(body.items.length).toBeGreaterThan(0);
      expect(await differences("get", documented, 200, body)).toEqual([]);
    });

    it("GET /orders/{id} and /shipments/{id}, an issued and an unissued order", async () => {
      for (const id of company.ids) {
        expect(await differences("get", "/api/orders/{id}", 200, await answers(`/orders/${id}`))).toEqual([]);
      }
      const [shipment] = (await answers("/shipments")).items;
      expect(
        await differences("get", "/api/shipments/{id}", 200, await answers(`/shipments/${shipment.id}`)),
      ).toEqual([]);
    });

    it("finds a difference: a field the document does not name, or a required one missing", async () => {
      const body = await answers("/companies");
      expect(await differences("get", "/api/companies", 200, { ...body, undocumented: 1 })).not.toEqual([]);
      const { id: _id, ...withoutId } = body;
      expect(await differences("get", "/api/companies", 200, withoutId)).not.toEqual([]);
    });
  });
});
