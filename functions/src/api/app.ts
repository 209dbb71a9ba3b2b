import "@okuru/core/shared/zod";
import { coreConfig } from "@okuru/core/config";
import { carriers } from "@okuru/core/shared/brand";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { authenticate } from "./auth";
import { docsPage } from "./docs-page";
import type { AppEnv } from "./env";
import { type ErrorBody, handleError } from "./errors";
import { logger } from "./logger";
import { ErrorSchema, router } from "./openapi";
import { apiDocument } from "./openapi-document";

/** JSON bodies of this API are small; carrier-file imports will get their own, larger limit. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A client's request id is kept only in a shape safe to log and echo back. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

type Router = ReturnType<typeof router>;
type Mount = { path: string; router: Router };

/** `{ name: router }` as mount entries at `/name`; a name with several routers mounts them in their order. */
const mounted = (routers: Record<string, Router | Router[]>): Mount[] =>
  Object.entries(routers).flatMap(([name, each]) =>
    [each].flat().map((router) => ({ path: `/${name}`, router })),
  );

/**
 * Every router by the first segment of its path under /api, loaded when a request first
 * asks for that segment: a cold start then builds the routes (and their schemas) of one
 * screen's calls, not of the whole API, and the bundle keeps each group in a chunk of its
 * own that is not even compiled until then. Within a group, the order is the mounting
 * order: `/shipments/counts` and `/orders/changes` come before the shipments and orders
 * routers, whose `/{id}` would take them.
 */
const routeGroups: Record<string, () => Promise<Mount[]>> = {
  health: async () => mounted({ health: (await import("./routes/health")).health }),
  signup: async () => mounted({ signup: (await import("./routes/signup")).signup }),
  companies: async () => mounted({ companies: (await import("./routes/companies")).companies }),
  users: async () => mounted({ users: (await import("./routes/users")).users }),
  senders: async () => mounted({ senders: (await import("./routes/senders")).senders }),
  item_categories: async () =>
    mounted({ item_categories: (await import("./routes/item-categories")).itemCategories }),
  brands: async () => mounted({ brands: (await import("./routes/brands")).brands }),
  ...Object.fromEntries(
    carriers.map((carrier) => [
      carrier,
      async () =>
        (await import("./routes/carriers")).carrierRouters.filter((mount) => mount.path === `/${carrier}`),
    ]),
  ),
  geocoding: async () => mounted({ geocoding: (await import("./routes/geocoding")).geocoding }),
  orders: async () => {
    const [{ orderChangeFeed }, { orders }] = await Promise.all([
      import("./routes/order-changes"),
      import("./routes/orders"),
    ]);
    return mounted({ orders: [orderChangeFeed, orders] });
  },
  exports: async () => mounted({ exports: (await import("./routes/exports")).exports }),
  imports: async () => mounted({ imports: (await import("./routes/imports")).imports }),
  shipments: async () => {
    const [{ shipmentCounts }, { shipments }, { trackingUpload }] = await Promise.all([
      import("./routes/shipment-counts"),
      import("./routes/shipments"),
      import("./routes/tracking-upload"),
    ]);
    return mounted({ shipments: [shipmentCounts, shipments, trackingUpload] });
  },
  shops: async () => mounted({ shops: (await import("./routes/shops")).shops }),
  webhooks: async () => mounted({ webhooks: (await import("./routes/webhooks")).webhooks }),
  credentials: async () => {
    const [{ credentials }, { credentialWebhooks }] = await Promise.all([
      import("./routes/credentials"),
      import("./routes/credential-webhooks"),
    ]);
    return mounted({ credentials: [credentials, credentialWebhooks] });
  },
  oauth_token: async () => mounted({ oauth_token: (await import("./routes/oauth-token")).oauthToken }),
};

/** An error answered before any route runs, in the body every other error has. */
const refuse = (c: Context, status: 404 | 413 | 415, code: string, message: string) =>
  c.json({ code, message } satisfies ErrorBody, status);

/**
 * The API with `mounts` for routes, as every group serves it. Middleware order: compression
 * → request id and the headers every answer carries → per-request logger → body checks →
 * authentication (once, for every route but the public list) → routes → one error handler.
 */
function appWith(mounts: Mount[]) {
  const api = router().basePath("/api");
  // A page of the order list is about 65 KB of JSON and 8 KB gzipped: on a shop's slow line
  // that is a third of a second before the list can be drawn. A client that does not ask for
  // gzip gets the answer as it is. A JSON answer's length is not known before it is sent, so
  // even a small one is gzipped, for tens of bytes more. Compression beside secrets is
  // BREACH's ground, but these answers are read with a bearer token, which a third-party page
  // cannot make the browser send. Lambda returns the gzipped body base64-encoded.
  api.use("*", compress({ encoding: "gzip" }));
  api.use("*", async (c, next) => {
    const given = c.req.header("x-request-id");
    const lambdaRequestId = (c.env as AppEnv["Bindings"] | undefined)?.lambdaContext?.awsRequestId;
    c.set(
      "requestId",
      given && SAFE_REQUEST_ID.test(given) ? given : (lambdaRequestId ?? crypto.randomUUID()),
    );
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
  api.use("*", async (c, next) => {
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

  api.use(
    "*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        refuse(c, 413, "http.413", `リクエストが大きすぎます（上限 ${MAX_BODY_BYTES / 1024 / 1024}MB）。`),
    }),
  );
  api.use("*", async (c, next) => {
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
  api.use("*", authenticate({ rerun: (request, env) => app.fetch(request, env) }));

  for (const { path, router } of mounts) api.route(path, router);
  api.notFound((c) => refuse(c, 404, "route.not_found", "指定されたAPIは存在しません。"));
  api.onError(handleError);
  return api;
}

type Api = ReturnType<typeof appWith>;

/**
 * Every route, and the document that describes them (/api/openapi.json, /api/docs): built
 * when one of those is first asked for, once; the document does not change after.
 */
async function documentedApp(): Promise<Api> {
  const api = appWith((await Promise.all(Object.values(routeGroups).map((group) => group()))).flat());
  api.openAPIRegistry.register("Error", ErrorSchema);
  let document: ReturnType<typeof apiDocument> | undefined;
  const servedDocument = () => {
    document ??= apiDocument(api);
    return document;
  };
  api.get("/openapi.json", (c) => c.json(servedDocument()));
  api.get("/docs", (c) => c.html(docsPage(servedDocument(), coreConfig().appUrl)));
  return api;
}

/** Each group's API once built, by its first path segment (`""`: a path no group serves). */
const built = new Map<string, Promise<Api>>();

/** The API that serves `path`: its group's routes, or every route for the document. */
export function apiServing(path: string): Promise<Api> {
  const segment = /^\/api\/([^/]+)/.exec(path)?.[1] ?? "";
  const key = Object.hasOwn(routeGroups, segment)
    ? segment
    : segment === "openapi.json" || segment === "docs"
      ? "*"
      : "";
  let api = built.get(key);
  if (!api) {
    api =
      key === "*" ? documentedApp() : key ? routeGroups[key]!().then(appWith) : Promise.resolve(appWith([]));
    // A group that failed to load (a broken deploy) is tried again by the next request.
    api.catch(() => built.delete(key));
    built.set(key, api);
  }
  return api;
}

/**
 * The one API, served by Lambda behind API Gateway and by @hono/node-server locally: hands
 * each request to the API of its path's group, which runs the whole middleware chain.
 */
export const app = new Hono<AppEnv>().all("*", async (c) =>
  (await apiServing(c.req.path)).fetch(c.req.raw, c.env),
);
