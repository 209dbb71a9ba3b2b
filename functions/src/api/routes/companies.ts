import { Company } from "@okuru/core/entities/company";
import { CompanyUpdate } from "@okuru/core/shared/company";
import { authErrors, inputErrors, jsonContent, notFound, router, ruleErrors } from "../openapi";
import { apiRoute, jsonBody } from "./crud";

export const companies = router();
companies
  .openapi(
    apiRoute({
      method: "get",
      path: "/",
      tag: "company",
      summary: "ログイン中のユーザーの会社（初期設定の進捗を含む）",
      responses: { 200: jsonContent(Company.Info, "会社"), ...authErrors, ...notFound },
    }),
    async (c) => c.json(Company.serialize(await Company.get()), 200),
  )
  .openapi(
    apiRoute({
      method: "put",
      path: "/",
      tag: "company",
      summary: "会社概要を更新する",
      request: { body: jsonBody(CompanyUpdate) },
      responses: { 200: jsonContent(Company.Info, "更新した会社"), ...inputErrors, ...authErrors },
    }),
    async (c) => c.json(Company.serialize(await Company.update(c.req.valid("json"))), 200),
  )
  .openapi(
    apiRoute({
      method: "put",
      path: "/setup_status",
      tag: "company",
      summary: "初期設定を次のステップへ進める",
      description: "前に進むだけで、現在のステップの前提条件（基本情報の登録など）をサーバーで確認します。",
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
