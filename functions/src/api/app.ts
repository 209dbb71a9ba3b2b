import "@okuru/core/shared/zod";
import { requestId } from "hono/request-id";
import type { AppEnv } from "./env";
import { handleError } from "./errors";
import { logger } from "./logger";
import { ErrorSchema, router } from "./openapi";
import { brands } from "./routes/brands";
import { companies } from "./routes/companies";
import { geocoding } from "./routes/geocoding";
import { health } from "./routes/health";
import { itemCategories } from "./routes/item-categories";
import { senders } from "./routes/senders";
import { signup } from "./routes/signup";
import { users } from "./routes/users";

/**
 * The one API, served by Lambda behind API Gateway and by @hono/node-server
 * locally. Middleware order: request id → per-request logger → routes (each router
 * applies its own auth) → one error handler.
 */
export const app = router().basePath("/api");

app.use(
  "*",
  requestId({
    headerName: "X-Request-Id",
    generator: (c) =>
      (c.env as AppEnv["Bindings"] | undefined)?.lambdaContext?.awsRequestId ?? crypto.randomUUID(),
  }),
);
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

app.route("/health", health);
app.route("/signup", signup);
app.route("/companies", companies);
app.route("/users", users);
app.route("/senders", senders);
app.route("/item_categories", itemCategories);
app.route("/brands", brands);
app.route("/geocoding", geocoding);

app.openAPIRegistry.registerComponent("securitySchemes", "Bearer", {
  type: "http",
  scheme: "bearer",
  bearerFormat: "JWT",
  description: "Cognito の ID トークン",
});
app.openAPIRegistry.register("Error", ErrorSchema);
app.doc31("/openapi.json", {
  openapi: "3.1.0",
  info: { title: "Okuru API", version: "1.0.0", description: "送る: 出荷ラベル・受注管理 API" },
  servers: [{ url: "/" }],
});

app.notFound((c) => c.json({ code: "route.not_found", message: "指定されたAPIは存在しません。" }, 404));
app.onError(handleError);
