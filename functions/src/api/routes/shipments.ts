import { z } from "@hono/zod-openapi";
import { Order } from "@okuru/core/entities/order";
import { Shipment } from "@okuru/core/entities/shipment";
import { CalendarDateOrTime, jstRangeEdge } from "@okuru/core/shared/dates";
import { Labels } from "@okuru/core/workflows/labels";
import { authErrors, inputErrors, jsonContent, notFound, PageQuery, router } from "../openapi";
import {
  apiRoute,
  bulkResults,
  bulkRoute,
  changeAnswers,
  getRoute,
  IdParam,
  listRoute,
  queuedRoute,
} from "./crud";

const LabelAccepted = z.object({ label_id: z.string() }).meta({ id: "LabelAccepted" });
const CancelResults = bulkResults("ShipmentCancelResults");

const ListQuery = PageQuery.extend({
  order_id: z.string().max(64).optional().meta({ description: "その注文の出荷だけ（すべて、新しい順）" }),
  status: z.enum(Shipment.statuses).optional().meta({ description: "省略するとすべての状態" }),
  printed_from: CalendarDateOrTime.optional(),
  printed_to: CalendarDateOrTime.optional(),
  search: z
    .string()
    .max(100)
    .optional()
    .meta({
      description: `追跡番号・注文番号・お届け先名（漢字/カナの前方一致、名だけでも）・電話番号・会社名・市区町村（新しい順に最大${Shipment.SEARCH_RESULTS}件、1ページ）`,
    }),
  is_error: z
    .enum(["true", "false"], { error: "is_error は true か false で指定してください" })
    .optional()
    .meta({ description: "true でアップロードに失敗した出荷、false でそれ以外" }),
});

const ShipmentListItem = Shipment.Info.extend({
  customer: z
    .object({ name: z.string(), prefecture: z.string(), city: z.string() })
    .nullable()
    .meta({ description: "お届け先（注文の現在のお届け先。注文がなければ null）" }),
}).meta({ id: "ShipmentListItem" });

/** The page's shipments with their orders' recipients, read in one BatchGet. */
async function withCustomers(items: Awaited<ReturnType<typeof Shipment.list>>["items"]) {
  const orders = await Order.findMany([...new Set(items.map((s) => s.orderId))]);
  return items.map((shipment) => {
    const customer = orders.get(shipment.orderId)?.customer;
    return {
      ...Shipment.serialize(shipment),
      customer: customer
        ? { name: customer.name, prefecture: customer.prefecture, city: customer.city }
        : null,
    };
  });
}

/** 送り状の発行・状況・取り消しと出荷履歴 (docs/requirements.md#api-calls, /shipments…). */
export const shipments = router()
  .openapi(
    queuedRoute({
      method: "post",
      path: "/labels",
      tag: "shipment",
      summary: "送り状を発行する（1件でも複数でも。結果は label_id で確認）",
      body: Labels.IssueRequest,
      accepted: LabelAccepted,
      description: "受け付けた発行の label_id",
    }),
    async (c) => c.json(await Labels.requestLabels(c.req.valid("json")), 202),
  )
  .openapi(
    queuedRoute({
      method: "post",
      path: "/reissue",
      tag: "shipment",
      summary:
        "送り状を再発行する（同じ追跡番号・新しい label_id。配送会社が変わった出荷は取り消してから発行）",
      body: Labels.ReissueRequest,
      accepted: LabelAccepted,
      description: "受け付けた再発行の label_id",
    }),
    async (c) => c.json(await Labels.requestReissue(c.req.valid("json")), 202),
  )
  .openapi(
    apiRoute({
      method: "get",
      path: "/labels",
      tag: "shipment",
      summary: "送り状の発行状況（進み具合、できたPDF、注文ごとの結果）",
      request: { query: z.object({ label_id: z.string().min(1).max(64) }) },
      responses: {
        200: jsonContent(Labels.BatchStatus, "発行状況"),
        ...inputErrors,
        ...authErrors,
        ...notFound,
      },
    }),
    async (c) => c.json(await Labels.batchStatus(c.req.valid("query").label_id), 200),
  )
  .openapi(
    listRoute({
      tag: "shipment",
      summary: "出荷履歴（新しい順）",
      info: ShipmentListItem,
      listId: "ShipmentList",
      query: ListQuery,
      description: "出荷の一覧（1ページ分）",
    }),
    async (c) => {
      const { cursor, limit, order_id, printed_from, printed_to, status, search, is_error } =
        c.req.valid("query");
      const page = await Shipment.list(
        {
          order_id,
          status,
          search,
          is_error: is_error === undefined ? undefined : is_error === "true",
          printed_from: printed_from && jstRangeEdge(printed_from, "start"),
          printed_to: printed_to && jstRangeEdge(printed_to, "end"),
        },
        { cursor, limit },
      );
      return c.json({ items: await withCustomers(page.items), next_cursor: page.cursor }, 200);
    },
  )
  .openapi(getRoute({ tag: "shipment", summary: "出荷", info: Shipment.Info }), async (c) =>
    c.json(Shipment.serialize(await Shipment.get(c.req.valid("param").id)), 200),
  )
  .openapi(
    bulkRoute({
      path: "/cancel_shipments",
      tag: "shipment",
      summary: "出荷をまとめて取り消す（追跡番号は再利用されない）",
      body: Labels.CancelMany,
      results: CancelResults,
      description: "出荷ごとの結果",
    }),
    async (c) => c.json({ results: await Labels.cancelMany(c.req.valid("json")) }, 200),
  )
  .openapi(
    apiRoute({
      method: "put",
      path: "/{id}/cancel",
      tag: "shipment",
      summary: "出荷を取り消す（追跡番号は再利用されない）",
      request: { params: IdParam },
      responses: changeAnswers(Shipment.Info, "取り消した出荷"),
    }),
    async (c) => c.json(Shipment.serialize(await Labels.cancel(c.req.valid("param").id)), 200),
  );
