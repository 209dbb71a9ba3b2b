import { createRoute } from "@hono/zod-openapi";
import { Company } from "@okuru/core/company";
import { CompanyUpdate } from "@okuru/core/shared/company";
import {
  authErrors,
  bearerSecurity,
  inputErrors,
  jsonContent,
  notFound,
  router,
  ruleErrors,
} from "../openapi";
import { jsonBody } from "./crud";

export const companies = router();
companies
  .openapi(
    createRoute({
      method: "get",
      path: "/",
      tags: ["company"],
      summary: "ログイン中のユーザーの会社（初期設定の進捗を含む）",
      security: bearerSecurity,
      responses: { 200: jsonContent(Company.Info, "会社"), ...authErrors, ...notFound },
    }),
    async (c) => c.json(Company.serialize(await Company.get()), 200),
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/",
      tags: ["company"],
      summary: "会社概要を更新する",
      security: bearerSecurity,
      request: { body: jsonBody(CompanyUpdate) },
      responses: { 200: jsonContent(Company.Info, "更新した会社"), ...inputErrors, ...authErrors },
    }),
    async (c) => c.json(Company.serialize(await Company.update(c.req.valid("json"))), 200),
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/setup_status",
      tags: ["company"],
      summary: "初期設定を次のステップへ進める",
      description: "前に進むだけで、現在のステップの前提条件（基本情報の登録など）をサーバーで確認します。",
      security: bearerSecurity,
      request: { body: jsonBody(Company.SetupStatusUpdate) },
      responses: {
        200: jsonContent(Company.Info, "更新した会社"),
        ...inputErrors,
        ...authErrors,
        ...ruleErrors,
      },
    }),
    async (c) => c.json(Company.serialize(await Company.updateSetupStatus(c.req.valid("json"))), 200),
  );
