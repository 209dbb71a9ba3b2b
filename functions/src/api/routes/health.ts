import { createRoute, z } from "@hono/zod-openapi";
import { jsonContent, router } from "../openapi";

const HealthSchema = z.object({ status: z.literal("ok"), time: z.string() }).meta({ id: "Health" });

export const health = router().openapi(
  createRoute({
    method: "get",
    path: "/",
    tags: ["system"],
    summary: "死活確認",
    responses: { 200: jsonContent(HealthSchema, "稼働中") },
  }),
  (c) => c.json({ status: "ok" as const, time: new Date().toISOString() }, 200),
);
