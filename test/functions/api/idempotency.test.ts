import { ActorContext } from "@okuru/core/actor";
import { Hono } from "hono";
import { ulid } from "ulid";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../../functions/src/api/env";
import { handleError } from "../../../functions/src/api/errors";
import { idempotent } from "../../../functions/src/api/idempotency";

/**
 * A small router with the real middleware, the real error handler and the real
 * idempotency records in DynamoDB Local; the actor is set as the auth middleware
 * sets it. Each router is its own tenant.
 */
function router(tenantId = `com_${ulid()}`) {
  const counts = { labels: 0, flaky: 0 };
  let releaseSlow: () => void = () => {};
  const slowStarted = { value: false };
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.use("*", (_c, next) =>
    ActorContext.with(
      {
        type: "user",
        properties: { tenantId, userId: "usr_1", subject: "sub", email: "a@example.jp", role: "member" },
      },
      () => next(),
    ),
  );
  app.use("*", idempotent());
  app.post("/labels", async (c) => {
    counts.labels += 1;
    const body = await c.req.json();
    return c.json({ label_id: `lbl_${counts.labels}`, orders: body.order_ids }, 201);
  });
  app.post("/flaky", (c) => {
    counts.flaky += 1;
    if (counts.flaky === 1) throw new Error("carrier API down");
    return c.json({ ok: true });
  });
  app.post("/slow", async (c) => {
    slowStarted.value = true;
    await new Promise<void>((r) => {
      releaseSlow = r;
    });
    return c.json({ done: true });
  });
  app.delete("/labels/:id", (c) => c.body(null, 204));
  const call = (path: string, init: { method?: string; key?: string; body?: string } = {}) =>
    app.request(path, {
      method: init.method ?? "POST",
      headers: {
        "content-type": "application/json",
        ...(init.key === undefined ? {} : { "idempotency-key": init.key }),
      },
      body: init.body,
    });
  return { app, call, counts, slowStarted, release: () => releaseSlow() };
}

const orders = JSON.stringify({ order_ids: ["ord_1", "ord_2"] });

describe("Idempotency-Key", () => {
  it("answers a retry with the first answer, marked as replayed, without running the route again", async () => {
    const { call, counts } = router();
    const first = await call("/labels", { key: "k-1", body: orders });
    const retry = await call("/labels", { key: "k-1", body: orders });
    // The same JSON with other spacing and key order is the same request.
    const reordered = await call("/labels", { key: "k-1", body: '{ "order_ids" : ["ord_1","ord_2"] }' });

    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    for (const res of [retry, reordered]) {
      expect(res.status).toBe(201);
      expect(res.headers.get("idempotent-replayed")).toBe("true");
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ label_id: "lbl_1", orders: ["ord_1", "ord_2"] });
    }
    expect(counts.labels).toBe(1);
  });

  it("refuses the same key with another body or another path (422 idempotency.key_reused)", async () => {
    const { call, counts } = router();
    await call("/labels", { key: "k-2", body: orders });
    const otherBody = await call("/labels", { key: "k-2", body: JSON.stringify({ order_ids: ["ord_3"] }) });
    const otherPath = await call("/labels?draft=1", { key: "k-2", body: orders });
    for (const res of [otherBody, otherPath]) {
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({
        code: "idempotency.key_reused",
        message: expect.stringMatching(/使用済み/),
      });
    }
    expect(counts.labels).toBe(1);
  });

  it("answers a concurrent duplicate with 409 idempotency.in_progress, then replays once the first is done", async () => {
    const { call, slowStarted, release } = router();
    const first = call("/slow", { key: "k-3", body: "{}" });
    while (!slowStarted.value) await new Promise((r) => setTimeout(r, 10));
    const duplicate = await call("/slow", { key: "k-3", body: "{}" });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toEqual({ code: "idempotency.in_progress", message: expect.any(String) });

    release();
    expect((await first).status).toBe(200);
    const retry = await call("/slow", { key: "k-3", body: "{}" });
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await retry.json()).toEqual({ done: true });
  });

  it("runs the route every time when no key is sent", async () => {
    const { call, counts } = router();
    const a = await call("/labels", { body: orders });
    const b = await call("/labels", { body: orders });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.headers.get("idempotent-replayed")).toBeNull();
    expect(counts.labels).toBe(2);
  });

  it.each([
    ["empty", ""],
    ["too long", "k".repeat(129)],
    ["not ASCII", "clé"],
    ["with a space", "my key"],
  ])("refuses an invalid key (%s) with 400 and a Japanese message", async (_, key) => {
    const { call, counts } = router();
    const res = await call("/labels", { key, body: orders });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: "idempotency.invalid_key",
      message: expect.stringContaining("Idempotency-Key"),
    });
    expect(counts.labels).toBe(0);
  });

  it("accepts a key of 128 visible ASCII characters", async () => {
    const { call } = router();
    expect((await call("/labels", { key: `~${"A".repeat(127)}`, body: orders })).status).toBe(201);
  });

  it("does not keep a failed first attempt: the retry runs again", async () => {
    const { call, counts } = router();
    const first = await call("/flaky", { key: "k-4", body: "{}" });
    expect(first.status).toBe(500);
    expect((await first.json()).code).toBe("internal");
    const retry = await call("/flaky", { key: "k-4", body: "{}" });
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
    expect(counts.flaky).toBe(2);
  });

  it("replays an answer without a body", async () => {
    const { call } = router();
    expect((await call("/labels/lbl_1", { method: "DELETE", key: "k-5" })).status).toBe(204);
    const retry = await call("/labels/lbl_1", { method: "DELETE", key: "k-5" });
    expect(retry.status).toBe(204);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
  });

  it("is scoped to the tenant: another company's same key is another request", async () => {
    const a = router();
    const b = router();
    await a.call("/labels", { key: "shared-key", body: orders });
    const res = await b.call("/labels", {
      key: "shared-key",
      body: JSON.stringify({ order_ids: ["ord_9"] }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("idempotent-replayed")).toBeNull();
    expect(b.counts.labels).toBe(1);
  });
});
