import { createRoute } from "@hono/zod-openapi";
import { CarrierExport } from "@okuru/core/export";
import { authErrors, bearerSecurity, inputErrors, jsonContent, router, ruleErrors } from "../openapi";

/** POST /api/exports: the selected orders as a carrier software's import file. */
export const exports = router().openapi(
  createRoute({
    method: "post",
    path: "/",
    tags: ["export"],
    summary: "注文を配送会社ソフト用のファイル（B2クラウド・e飛伝Ⅲ・ゆうプリR・クリックポスト）に出力する",
    security: bearerSecurity,
    request: {
      body: { content: { "application/json": { schema: CarrierExport.Request } }, required: true },
    },
    responses: {
      201: jsonContent(CarrierExport.Result, "出力したファイルと、出力できなかった注文とその理由"),
      ...inputErrors,
      ...authErrors,
      ...ruleErrors,
    },
  }),
  async (c) => c.json(await CarrierExport.run(c.req.valid("json")), 201),
);
