import { createRoute } from "@hono/zod-openapi";
import { CarrierImport } from "@okuru/core/import";
import { authErrors, bearerSecurity, inputErrors, jsonContent, router, ruleErrors } from "../openapi";

/** POST /api/imports: the carrier software's issued-data file, its numbers attached to our orders. */
export const imports = router().openapi(
  createRoute({
    method: "post",
    path: "/",
    tags: ["import"],
    summary: "配送会社ソフトの発行済みデータ（B2クラウド・e飛伝Ⅲ・ゆうプリR）から追跡番号を取り込む",
    security: bearerSecurity,
    request: {
      body: { content: { "application/json": { schema: CarrierImport.Request } }, required: true },
    },
    responses: {
      200: jsonContent(CarrierImport.Result, "行ごとの結果（取り込み・取り込み済み・該当なし・エラー）"),
      ...inputErrors,
      ...authErrors,
      ...ruleErrors,
    },
  }),
  async (c) => c.json(await CarrierImport.run(c.req.valid("json")), 200),
);
