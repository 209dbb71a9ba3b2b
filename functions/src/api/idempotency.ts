import { z } from "@hono/zod-openapi";
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

/**
 * The header as documented on each route that honours it (lower case, as Hono's header
 * validation reads names; HTTP takes any case). Any string passes here: the middleware
 * checks its form and answers `idempotency.invalid_key` in Japanese.
 */
export const IdempotencyHeaders = z.object({
  "idempotency-key": z
    .string()
    .optional()
    .meta({
      param: { in: "header" },
      description:
        "任意。1〜128 文字の半角英数字・記号。24 時間以内に同じキー・同じリクエストを送り直すと、最初の応答がそのまま返ります（Idempotent-Replayed: true）。同じキーで別のリクエストを送ると 422 idempotency.key_reused、最初のリクエストの処理中は 409 idempotency.in_progress。",
      example: "6f1c2a4e-1d7b-4b8e-9a53-0c2f7d1e8b90",
    }),
});
