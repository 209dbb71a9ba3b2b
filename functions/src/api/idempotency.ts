import { Idempotency } from "@okuru/core/idempotency";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env";

/**
 * Honours an optional `Idempotency-Key` header on a mutating route (label issue,
 * sync, tracking upload): within the tenant, a retry with the same key and the same
 * method, path and body gets the first answer again, with `Idempotent-Replayed: true`,
 * so a double click or a client retry after a lost answer never does the work twice.
 * Without the header the route runs as usual. Mount it after authentication (the
 * tenant comes from the actor).
 */
export function idempotent(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header("idempotency-key");
    if (key === undefined) return next();
    if (!Idempotency.RequestKey.safeParse(key).success) throw Idempotency.invalidKey();

    // Parsed when it is JSON, so the same body sent with other spacing or key order is the same request.
    const text = await c.req.text();
    let body: unknown = text;
    try {
      if (text) body = JSON.parse(text);
    } catch {
      // Not JSON: compared as sent.
    }
    const url = new URL(c.req.url);
    const { response, replayed } = await Idempotency.idempotentRequest(
      key,
      { method: c.req.method, path: url.pathname + url.search, body },
      async () => {
        // A route that throws has already become an error answer here (Hono's onError), never an exception.
        await next();
        return {
          status: c.res.status,
          body: await c.res.clone().text(),
          contentType: c.res.headers.get("content-type"),
        };
      },
    );
    if (!replayed) return;
    const headers = new Headers({ "Idempotent-Replayed": "true" });
    if (response.contentType) headers.set("Content-Type", response.contentType);
    // 204 and the like may not carry a body, not even an empty one.
    return new Response(response.body === "" ? null : response.body, { status: response.status, headers });
  };
}
