import { CarrierExport } from "@okuru/core/workflows/carrier-export";
import { authErrors, inputErrors, jsonContent, router, ruleErrors } from "../openapi";
import { apiRoute, jobParam, jobRoute, jsonBody } from "./crud";

/**
 * POST /api/exports: the selected orders as a carrier software's import file, at once
 * for up to CarrierExport.QUEUE_ABOVE orders, on the export-job queue above that;
 * GET /api/exports/{export_id}: a queued export's progress and result.
 */
export const exports = router()
  .openapi(
    apiRoute({
      method: "post",
      path: "/",
      tag: "export",
      summary: "注文を配送会社ソフト用のファイル（B2クラウド・e飛伝Ⅲ・ゆうプリR・クリックポスト）に出力する",
      description: `${CarrierExport.QUEUE_ABOVE}件までは出力したファイルをすぐに返し、それより多いときは 202 で export_id を返して順に作成します（進み具合は GET /api/exports/{export_id}）。`,
      request: { body: jsonBody(CarrierExport.Request) },
      responses: {
        201: jsonContent(CarrierExport.Result, "出力したファイルと、出力できなかった注文とその理由"),
        202: jsonContent(
          CarrierExport.Queued,
          "件数が多いため、受け付けて作成中（export_id で進み具合を確認）",
        ),
        ...inputErrors,
        ...authErrors,
        ...ruleErrors,
      },
    }),
    async (c) => {
      const started = await CarrierExport.start(c.req.valid("json"));
      return started.queued ? c.json(started.job, 202) : c.json(started.result, 201);
    },
  )
  .openapi(
    jobRoute({
      path: "/{export_id}",
      params: jobParam("export_id"),
      tag: "export",
      summary: "受け付けた出力の進み具合と結果（ダウンロードURL・出力できなかった注文）",
      status: CarrierExport.Status,
      description: "進み具合と、完了後はファイルと出力できなかった注文",
    }),
    async (c) => c.json(await CarrierExport.status(c.req.valid("param").export_id), 200),
  );
