import { CarrierImport } from "@okuru/core/workflows/carrier-import";
import { authErrors, inputErrors, jsonContent, notFound, router, ruleErrors } from "../openapi";
import { apiRoute, jsonBody } from "./crud";

/**
 * POST /api/imports: the carrier software's issued-data file (or 注文番号と追跡番号のCSV),
 * its numbers attached to our orders. POST /api/imports/uploads: a presigned PUT for a
 * file larger than the JSON body takes, then named by its key in POST /api/imports.
 */
export const imports = router()
  .openapi(
    apiRoute({
      method: "post",
      path: "/uploads",
      tag: "import",
      summary: "大きな取り込みファイルのアップロード先（署名付きURL）を発行する",
      request: { body: jsonBody(CarrierImport.UploadRequest) },
      responses: {
        201: jsonContent(CarrierImport.Upload, "ファイルをPUTするURLと、取り込みで指定するキー"),
        ...inputErrors,
        ...authErrors,
        ...ruleErrors,
      },
    }),
    async (c) => c.json(await CarrierImport.createUpload(c.req.valid("json")), 201),
  )
  .openapi(
    apiRoute({
      method: "post",
      path: "/",
      tag: "import",
      summary:
        "配送会社ソフトの発行済みデータ（B2クラウド・e飛伝Ⅲ・ゆうプリR）または注文番号と追跡番号のCSVから追跡番号を取り込む",
      request: { body: jsonBody(CarrierImport.Request) },
      responses: {
        200: jsonContent(CarrierImport.Result, "行ごとの結果（取り込み・取り込み済み・該当なし・エラー）"),
        ...inputErrors,
        ...authErrors,
        ...notFound,
        ...ruleErrors,
      },
    }),
    async (c) => c.json(await CarrierImport.run(c.req.valid("json")), 200),
  );
