import { createRoute } from "@hono/zod-openapi";
import { Company } from "@okuru/core/company";
import { requireUser } from "../auth";
import { authErrors, bearerSecurity, jsonContent, notFound, router } from "../openapi";

export const companies = router();
companies.use("*", requireUser);
companies.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags: ["company"],
    summary: "ログイン中のユーザーの会社（初期設定の進捗を含む）",
    security: bearerSecurity,
    responses: { 200: jsonContent(Company.Info.meta({ id: "Company" }), "会社"), ...authErrors, ...notFound },
  }),
  async (c) => c.json(Company.serialize(await Company.get()), 200),
);
