import { z } from "@hono/zod-openapi";
import { Order } from "@okuru/core/entities/order";
import { Shipment } from "@okuru/core/entities/shipment";
import { InputError } from "@okuru/core/error";
import { BULK_LIMITS } from "@okuru/core/shared/bulk-limits";
import { CalendarDateOrTime, jstRangeEdge } from "@okuru/core/shared/dates";
import { deliveryCarrierLabels, deliverySchemas } from "@okuru/core/shared/delivery";
import { BULK_UPDATE_MAX, shopifyShopUrl } from "@okuru/core/shared/order";
import { Labels } from "@okuru/core/workflows/labels";
import { OrderSync } from "@okuru/core/workflows/order-sync";
import { IdempotencyHeaders, idempotent } from "../idempotency";
import {
  authErrors,
  conflict,
  inputErrors,
  jsonContent,
  notFound,
  PageQuery,
  router,
  ruleErrors,
} from "../openapi";
import { apiRoute, bulkResults, bulkRoute, changeAnswers, getRoute, IdParam, jsonBody } from "./crud";

const ListQuery = PageQuery.extend({
  tab_key: z
    .enum(Order.tabs)
    .optional()
    .meta({ description: "画面のタブ（shipment_status と同じ値、または error）" }),
  shipment_status: z.enum(Order.shipmentStatuses).optional(),
  is_error: z
    .enum(["true", "false"], { error: "is_error は true か false で指定してください" })
    .optional()
    .meta({
      description:
        "true でエラーのある注文（エラータブ。shipment_status と合わせるとその状態のうちエラーのあるもの）、false でエラーのない注文",
    }),
  search: z
    .string()
    .max(100)
    .optional()
    .meta({ description: "注文番号・氏名（漢字/カナの前方一致）・電話番号・メール・郵便番号" }),
  purchased_from: CalendarDateOrTime.optional(),
  purchased_to: CalendarDateOrTime.optional(),
  shop_id: z.string().max(64).optional(),
  shopify_order_id: z
    .string()
    .regex(/^\d{1,20}$/, { error: "Shopify の注文IDは数字で指定してください" })
    .optional(),
  shopify_shop_url: shopifyShopUrl.optional().meta({
    description: "Shopify ストアの URL（https://{shop}.myshopify.com）。単独でも他の条件と合わせても使える",
  }),
  label_status: z
    .enum(Order.labelStates, { error: "label_status は unissued か issued で指定してください" })
    .optional()
    .meta({ description: "送り状: unissued で送り状未発行の注文、issued で発行済みの注文" }),
  carrier: z
    .enum(Order.carrierChoices, {
      error: "carrier は yamato・sagawa・japan_post・other のいずれかで指定してください",
    })
    .optional()
    .meta({
      description:
        "発送する配送会社（注文の配送設定、なければブランドの既定）。other はその他の配送会社と配送会社が決まっていない注文",
    }),
});

/** The list's filters as core takes them (the same for a page and for every id). */
function listFilter(q: z.infer<typeof IdsQuery>): Order.ListQuery {
  const tab = tabOf(q);
  return {
    tab,
    isError: tab === "error" || q.is_error === undefined ? undefined : q.is_error === "true",
    search: q.search,
    shopId: q.shop_id,
    purchasedFrom: q.purchased_from && jstRangeEdge(q.purchased_from, "start"),
    purchasedTo: q.purchased_to && jstRangeEdge(q.purchased_to, "end"),
    shopifyOrderId: q.shopify_order_id,
    shopifyShopUrl: q.shopify_shop_url,
    labelState: q.label_status,
    carrier: q.carrier,
  };
}

/**
 * The tab the filters name: `tab_key` and `shipment_status` are two spellings of it, and
 * `is_error=true` alone is the エラー tab. Filters that contradict each other are refused,
 * never one of them silently dropped.
 */
function tabOf(q: z.infer<typeof IdsQuery>): Order.Tab {
  const named = [q.tab_key, q.shipment_status].filter((tab) => tab !== undefined);
  if (new Set(named).size > 1)
    throw new InputError("input.invalid", "入力内容に誤りがあります。", {
      shipment_status: "tab_key と shipment_status が異なります。どちらか一方を指定してください",
    });
  const tab = named[0] ?? (q.is_error === "true" ? "error" : "notShipped");
  if (tab === "error" && q.is_error === "false")
    throw new InputError("input.invalid", "入力内容に誤りがあります。", {
      is_error: "エラータブでは is_error=false は指定できません",
    });
  return tab;
}

/** The most orders each bulk action takes in one request, as the actions define them. */
const bulkLimits = { ...BULK_LIMITS, bulk_update: BULK_UPDATE_MAX };

/** "Select all" never takes more than the largest action does. */
const IDS_CAP = Math.max(...Object.values(bulkLimits));

const IdsQuery = ListQuery.omit({ cursor: true, limit: true });

const OrderIds = z
  .object({
    items: z.array(z.object({ id: z.string(), order_number: z.string() })),
    truncated: z
      .boolean()
      .meta({ description: `true なら${IDS_CAP}件を超えて該当する（items は先頭の${IDS_CAP}件）` }),
    limits: z
      .object({
        labels: z.number().int(),
        export: z.number().int(),
        upload: z.number().int(),
        bulk_update: z.number().int(),
      })
      .meta({ description: "一括操作ごとの一度に扱える上限件数" }),
  })
  .meta({ id: "OrderIds" });

const OrderListItem = Order.Info.extend({
  shipping_carrier: z
    .enum(Order.carrierChoices)
    .meta({ description: "発送する配送会社（other: その他の配送会社、または未定）" }),
  tracking_numbers: z.array(z.string()).meta({ description: "取り消されていない出荷の追跡番号" }),
}).meta({ id: "OrderListItem" });

/** The list's orders with the carrier each ships by and the numbers of its live shipments. */
async function listItems(
  items: Awaited<ReturnType<typeof Order.list>>["items"],
  fallback: Awaited<ReturnType<typeof Order.fallbackCarrier>>,
): Promise<z.infer<typeof OrderListItem>[]> {
  const numbers = await Shipment.liveNumbersOf(items);
  return items.map((order, i) => ({
    ...Order.serialize(order),
    shipping_carrier:
      Order.shippingCarrier(order, { defaultCarrier: fallback, accountCarriers: [] }).carrier ?? "other",
    tracking_numbers: numbers[i]!,
  }));
}

const OrderList = z
  .object({
    items: z.array(OrderListItem),
    next_cursor: z.string().nullable(),
    counts: z.record(z.enum(Order.tabs), z.number()).meta({ description: "タブごとの件数" }),
  })
  .meta({ id: "OrderList" });

/** What every edit of one order answers: the order as saved, or why not. */
const orderEditAnswers = {
  200: jsonContent(Order.Info, "更新した注文"),
  ...inputErrors,
  ...authErrors,
  ...notFound,
  ...conflict,
} as const;

/** A delivery's save also keeps the order's manual shipment: one the shop holds refuses a change (422). */
const deliveryAnswers = changeAnswers(Order.Info, "更新した注文");

/** `PUT` of one edit of an order (`body`), answered with the order as saved. */
function orderEdit<Body extends z.ZodType, Answers extends typeof orderEditAnswers = typeof orderEditAnswers>(
  path: `/{id}/${string}`,
  summary: string,
  body: Body,
  responses: Answers = orderEditAnswers as Answers,
) {
  return apiRoute({
    method: "put",
    path,
    tag: "order",
    summary,
    request: { params: IdParam, body: jsonBody(body) },
    responses,
  });
}

const BulkResult = bulkResults("OrderBulkResult", {
  issues: z.array(z.string()).optional().meta({
    description: "変更した結果、配送会社が受け付けない理由ができた注文（エラーのタブに入った）の理由",
  }),
});

const SyncRequest = z
  .object({ shop_id: z.string().max(64).optional().meta({ description: "省略するとすべての有効なストア" }) })
  .meta({ id: "OrderSyncRequest" });
const SyncAccepted = z
  .object({ enqueued: z.number().meta({ description: "同期を受け付けたストアの数" }), failed: z.number() })
  .meta({ id: "OrderSyncAccepted" });

export const orders = router()
  .openapi(
    apiRoute({
      method: "post",
      path: "/sync",
      // A retried or double-clicked sync with the same Idempotency-Key gets the first answer.
      middleware: [idempotent()] as const,
      tag: "order",
      summary: "ストアの注文を同期する（キューに登録してすぐ応答）",
      request: {
        headers: IdempotencyHeaders,
        body: { content: { "application/json": { schema: SyncRequest } }, required: false },
      },
      responses: {
        202: jsonContent(SyncAccepted, "受け付けました"),
        ...inputErrors,
        ...authErrors,
        ...notFound,
      },
    }),
    async (c) => {
      const body = SyncRequest.parse((await c.req.json().catch(() => ({}))) ?? {});
      return c.json(await OrderSync.requestManual(body.shop_id), 202);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      path: "/",
      tag: "order",
      summary: "注文の一覧（タブ・検索・購入日・ストアで絞り込み、購入日の新しい順）",
      request: { query: ListQuery },
      responses: {
        200: jsonContent(OrderList, "注文の1ページとタブごとの件数"),
        ...inputErrors,
        ...authErrors,
      },
    }),
    async (c) => {
      const q = c.req.valid("query");
      // The carrier column's fallback is read beside the page, not after it.
      const [page, counts, fallback] = await Promise.all([
        Order.list(listFilter(q), { cursor: q.cursor, limit: q.limit }),
        Order.counts(),
        Order.fallbackCarrier(),
      ]);
      return c.json({ items: await listItems(page.items, fallback), next_cursor: page.cursor, counts }, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      path: "/ids",
      tag: "order",
      summary: `条件に合う注文すべての ID と注文番号（「すべてを選択」用、${IDS_CAP}件まで）`,
      request: { query: IdsQuery },
      responses: {
        200: jsonContent(OrderIds, "条件に合う注文（新しい順）と一括操作の上限"),
        ...inputErrors,
        ...authErrors,
      },
    }),
    async (c) => {
      const { items, truncated } = await Order.ids(listFilter(c.req.valid("query")), IDS_CAP);
      return c.json(
        {
          items: items.map((o) => ({ id: o.id, order_number: o.orderNumber })),
          truncated,
          limits: bulkLimits,
        },
        200,
      );
    },
  )
  .openapi(
    bulkRoute({
      path: "/bulk_update",
      tag: "order",
      summary: "複数の注文をまとめて更新する（アーカイブ・戻す）",
      body: Order.BulkUpdate,
      results: BulkResult,
      description: "注文ごとの結果",
    }),
    async (c) => c.json({ results: await Labels.bulkUpdateOrders(c.req.valid("json")) }, 200),
  )
  .openapi(getRoute({ tag: "order", summary: "注文", info: Order.Info }), async (c) =>
    c.json(Order.serialize(await Order.get(c.req.valid("param").id)), 200),
  )
  .openapi(
    apiRoute({
      method: "put",
      path: "/{id}",
      tag: "order",
      summary: "注文を更新する（メモ・お届け希望日時・アーカイブ。指定した項目だけ）",
      request: { params: IdParam, body: jsonBody(Order.Update.meta({ id: "OrderUpdateReq" })) },
      responses: orderEditAnswers,
    }),
    async (c) =>
      c.json(Order.serialize(await Order.updateOrder(c.req.valid("param").id, c.req.valid("json"))), 200),
  )
  .openapi(
    orderEdit("/{id}/customer", "お届け先を修正する（以後のストア側の変更より優先）", Order.CustomerUpdate),
    async (c) =>
      c.json(Order.serialize(await Order.updateCustomer(c.req.valid("param").id, c.req.valid("json"))), 200),
  )
  .openapi(
    orderEdit(
      "/{id}/customer/replacement",
      "お届け先の文字を、エラーが示す置き換え候補（鷗→鴎、ヤマト運輸では髙→高など）に置き換える",
      Order.Replacement.meta({ id: "OrderReplacementReq" }),
    ),
    async (c) =>
      c.json(
        Order.serialize(await Order.applyReplacement(c.req.valid("param").id, c.req.valid("json"))),
        200,
      ),
  )
  .openapi(
    orderEdit("/{id}/sender", "注文の発送元を選ぶ（null でブランドの既定に戻す）", Order.SenderUpdate),
    async (c) =>
      c.json(Order.serialize(await Order.updateSender(c.req.valid("param").id, c.req.valid("json"))), 200),
  )
  .openapi(
    apiRoute({
      method: "delete",
      path: "/{id}/delivery",
      tag: "order",
      summary: "注文の配送設定をブランドの既定に戻す",
      request: { params: IdParam },
      responses: {
        200: jsonContent(Order.Info, "更新した注文"),
        ...authErrors,
        ...notFound,
        ...conflict,
        ...ruleErrors,
      },
    }),
    // Through Shipment: a manual (sss) shipment not yet reported to the shop is retired with the delivery.
    async (c) => c.json(Order.serialize(await Labels.resetDelivery(c.req.valid("param").id)), 200),
  );

// One route per carrier, each with that carrier's codes and rules (core/src/shared/delivery.ts).
for (const carrier of Order.deliveryCarriers) {
  orders.openapi(
    orderEdit(
      `/{id}/delivery/${carrier}`,
      `注文の配送設定（${deliveryCarrierLabels[carrier]}）`,
      deliverySchemas[carrier],
      deliveryAnswers,
    ),
    async (c) =>
      c.json(
        // Through Shipment: an sss delivery's typed number becomes the order's manual shipment.
        Order.serialize(await Labels.updateDelivery(c.req.valid("param").id, carrier, c.req.valid("json"))),
        200,
      ),
  );
}
