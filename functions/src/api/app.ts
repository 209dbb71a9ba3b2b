import "@okuru/core/shared/zod";
import { coreConfig } from "@okuru/core/config";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { authenticate } from "./auth";
import { docsPage } from "./docs-page";
import type { AppEnv } from "./env";
import { type ErrorBody, handleError } from "./errors";
import { logger } from "./logger";
import { ErrorSchema, router } from "./openapi";
import { apiDocument } from "./openapi-document";
import { brands } from "./routes/brands";
import { carrierRouters } from "./routes/carriers";
import { companies } from "./routes/companies";
import { credentialWebhooks } from "./routes/credential-webhooks";
import { credentials } from "./routes/credentials";
import { exports } from "./routes/exports";
import { geocoding } from "./routes/geocoding";
import { health } from "./routes/health";
import { imports } from "./routes/imports";
import { itemCategories } from "./routes/item-categories";
import { oauthToken } from "./routes/oauth-token";
import { orderChangeFeed } from "./routes/order-changes";
import { orders } from "./routes/orders";
import { senders } from "./routes/senders";
import { shipmentCounts } from "./routes/shipment-counts";
import { shipments } from "./routes/shipments";
import { shops } from "./routes/shops";
import { signup } from "./routes/signup";
import { trackingUpload } from "./routes/tracking-upload";
import { users } from "./routes/users";
import { webhooks } from "./routes/webhooks";

/** JSON bodies of this API are small; carrier-file imports will get their own, larger limit. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A client's request id is kept only in a shape safe to log and echo back. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** `{ name: router }` as mount entries at `/name`; a name with several routers mounts them in their order. */
const mounted = <Router>(routers: Record<string, Router | Router[]>) =>
  Object.entries(routers).flatMap(([name, each]) =>
    [each].flat().map((router) => ({ path: `/${name}`, router })),
  );

/**
 * Every router by its path under /api, in mounting order; `authenticate` guards all but
 * its public list. `/shipments/counts` and `/orders/changes` are mounted before the
 * shipments and orders routers, whose `/{id}` would take them.
 */
const routes = [
  ...mounted({ health, signup, companies, users, senders, item_categories: itemCategories, brands }),
  ...carrierRouters,
  ...mounted({
    geocoding,
    orders: [orderChangeFeed, orders],
    exports,
    imports,
    shipments: [shipmentCounts, shipments, trackingUpload],
  }),
  ...mounted({ shops, webhooks, credentials: [credentials, credentialWebhooks], oauth_token: oauthToken }),
];

/** An error answered before any route runs, in the body every other error has. */
const refuse = (c: Context, status: 404 | 413 | 415, code: string, message: string) =>
  c.json({ code, message } satisfies ErrorBody, status);

/**
 * The one API, served by Lambda behind API Gateway and by @hono/node-server
 * locally. Middleware order: request id and the headers every answer carries →
 * per-request logger → body checks → authentication (once, for every route but the
 * public list) → routes → one error handler.
 */
export const app = router().basePath("/api");

app.use("*", async (c, next) => {
  const given = c.req.header("x-request-id");
  const lambdaRequestId = (c.env as AppEnv["Bindings"] | undefined)?.lambdaContext?.awsRequestId;
  c.set("requestId", given && SAFE_REQUEST_ID.test(given) ? given : (lambdaRequestId ?? crypto.randomUUID()));
  // Answers carry merchant data: never cached by a browser or proxy, never sniffed as another type.
  const headers = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "X-Request-Id": c.var.requestId,
  };
  // Set before the route runs, they go into the answer Hono builds. Set on a finished
  // answer, they make Hono copy it, which turns a JSON body already in memory into a
  // stream (a 100-order page took a millisecond more); only an answer built some other
  // way gets them afterwards.
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  await next();
  for (const [name, value] of Object.entries(headers)) {
    if (c.res.headers.get(name) !== value) c.header(name, value);
  }
});
app.use("*", async (c, next) => {
  const started = performance.now();
  const requestLogger = logger.createChild({ persistentKeys: { requestId: c.var.requestId } });
  c.set("logger", requestLogger);
  await next();
  requestLogger.info("request", {
    method: c.req.method,
    path: c.req.path,
    status: c.res.status,
    durationMs: Math.round(performance.now() - started),
  });
});

app.use(
  "*",
  bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) =>
      refuse(c, 413, "http.413", `リクエストが大きすぎます（上限 ${MAX_BODY_BYTES / 1024 / 1024}MB）。`),
  }),
);
app.use("*", async (c, next) => {
  // Bodies are JSON; a declared other type is refused before any handler reads it. The OAuth
  // token endpoint also takes form bodies (RFC 6749) and checks its own type.
  const type = c.req.header("content-type");
  const sendsBody = !["GET", "HEAD", "OPTIONS"].includes(c.req.method) && c.req.path !== "/api/oauth_token";
  if (sendsBody && type !== undefined && type.trim() !== "" && !/^application\/json\s*(;|$)/i.test(type)) {
    return refuse(
      c,
      415,
      "http.415",
      "リクエストの形式（Content-Type）が正しくありません。JSON で送信してください。",
    );
  }
  return next();
});
app.use("*", authenticate({ rerun: (request, env) => app.fetch(request, env) }));

for (const { path, router } of routes) app.route(path, router);

app.openAPIRegistry.register("Error", ErrorSchema);
// Built on first use, once every route above is registered; the document does not change after.
let document: ReturnType<typeof apiDocument> | undefined;
const servedDocument = () => {
  document ??= apiDocument(app);
  return document;
};
app.get("/openapi.json", (c) => c.json(servedDocument()));
app.get("/docs", (c) => c.html(docsPage(servedDocument(), coreConfig().appUrl)));

app.notFound((c) => refuse(c, 404, "route.not_found", "指定されたAPIは存在しません。"));
app.onError(handleError);
