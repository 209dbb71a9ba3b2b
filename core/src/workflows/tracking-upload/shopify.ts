import { z } from "zod";
import { type ClientOptions, graphql } from "../../platforms/shopify/client";
import type { Carrier } from "../../shared/brand";
import * as Budget from "./budget";
import { type PlatformResult, Refusal, type UploadWork } from "./work";

/**
 * Tracking numbers to Shopify (docs/platforms.md#shopify-fulfilment): the order's fulfilment orders and
 * fulfilments are read first, and our number found on a fulfilment there is the
 * upload already done (a crash after the call, a duplicate delivery, a retry): it is
 * recorded, never created again. Otherwise one `fulfillmentCreate` carries every
 * number of the attempt (several parcels of one order), for the lines the shipment
 * names (a partial shipment) or all that remain. Each call first takes its points
 * from the shop's shared rate budget.
 */

/**
 * The company names Shopify recognises and builds the tracking URL for
 * (docs/platforms.md#shopify-fulfilment).
 */
export const trackingCompanies: Record<Carrier, string> = {
  yamato: "Yamato (JA)",
  sagawa: "Sagawa (JA)",
  japan_post: "Japan Post (JA)",
};

/**
 * The tracking company of an upload: Shopify's own name for our carriers, or for an `sss`
 * delivery the company the merchant typed (Shopify accepts any string,
 * docs/platforms.md#shopify-fulfilment; we have no tracking URL for it, so none is sent and Shopify shows
 * the number as text).
 */
function companyOf(work: UploadWork): string {
  if (work.carrier !== "sss") return trackingCompanies[work.carrier];
  if (!work.carrierName)
    throw new Refusal("配送会社名が登録されていません。注文の配送設定で入力してください。");
  return work.carrierName;
}

const FULFILLABLE = new Set(["OPEN", "IN_PROGRESS"]);

const STATE_QUERY = /* GraphQL */ `
  query OkuruUploadState($id: ID!) {
    order(id: $id) {
      id
      cancelledAt
      displayFulfillmentStatus
      fulfillments(first: 30) { id status trackingInfo(first: 10) { company number } }
      fulfillmentOrders(first: 10) { nodes { id status } }
    }
  }
`;

/** With the lines: only when the merchant named what this parcel carries (costs more points). */
const LINES_QUERY = /* GraphQL */ `
  query OkuruUploadLines($id: ID!) {
    order(id: $id) {
      fulfillmentOrders(first: 5) {
        nodes { id status lineItems(first: 20) { nodes { id remainingQuantity lineItem { id } } } }
      }
    }
  }
`;

const CREATE = /* GraphQL */ `
  mutation OkuruFulfil($fulfillment: FulfillmentInput!) {
    fulfillmentCreate(fulfillment: $fulfillment) {
      fulfillment { id status }
      userErrors { field message }
    }
  }
`;

const ADD_NUMBERS = /* GraphQL */ `
  mutation OkuruAddNumbers($id: ID!, $tracking: FulfillmentTrackingInput!, $notify: Boolean) {
    fulfillmentTrackingInfoUpdate(fulfillmentId: $id, trackingInfoInput: $tracking, notifyCustomer: $notify) {
      fulfillment { id status }
      userErrors { field message }
    }
  }
`;

/** Points each query asks for (Shopify charges the requested cost first and refunds the rest). */
const COST = { state: 15, lines: 217, create: 10, addNumbers: 10 } as const;

const Tracking = z.object({ company: z.string().nullable(), number: z.string().nullable() });
const Fulfillment = z.object({ id: z.string(), status: z.string(), trackingInfo: z.array(Tracking) });
const OrderState = z.object({
  order: z
    .object({
      id: z.string(),
      cancelledAt: z.string().nullable(),
      displayFulfillmentStatus: z.string(),
      fulfillments: z.array(Fulfillment),
      fulfillmentOrders: z.object({ nodes: z.array(z.object({ id: z.string(), status: z.string() })) }),
    })
    .nullable(),
});
const OrderLines = z.object({
  order: z
    .object({
      fulfillmentOrders: z.object({
        nodes: z.array(
          z.object({
            id: z.string(),
            status: z.string(),
            lineItems: z.object({
              nodes: z.array(
                z.object({
                  id: z.string(),
                  remainingQuantity: z.number().int(),
                  lineItem: z.object({ id: z.string() }),
                }),
              ),
            }),
          }),
        ),
      }),
    })
    .nullable(),
});
const UserErrors = z.array(z.object({ message: z.string() }));
const CreateAnswer = z.object({
  fulfillmentCreate: z.object({
    fulfillment: z.object({ id: z.string(), status: z.string() }).nullable(),
    userErrors: UserErrors,
  }),
});
const AddAnswer = z.object({
  fulfillmentTrackingInfoUpdate: z.object({
    fulfillment: z.object({ id: z.string() }).nullable(),
    userErrors: UserErrors,
  }),
});

const Cost = z.object({
  requestedQueryCost: z.number(),
  actualQueryCost: z.number().nullable(),
  throttleStatus: z.object({ maximumAvailable: z.number(), restoreRate: z.number() }),
});

export type ShopifyContext = {
  tenantId: string;
  shopId: string;
  domain: string;
  accessToken: string;
  notifyCustomer: boolean;
  options?: ClientOptions;
};

/** Points of the shop's bucket the budget leaves alone, for the clock drift between us and Shopify. */
const HEADROOM = 10;

/**
 * One call within the shop's budget: the query's requested cost is taken before (Shopify
 * needs it in the bucket when the query arrives, even though it refunds what the query did
 * not use) and the refund given back after, as Shopify reports it (read from the answer's
 * `extensions.cost`, which the client does not hand on, through its `fetch` option).
 */
async function call<T>(
  ctx: ShopifyContext,
  schema: z.ZodType<T>,
  name: keyof typeof COST,
  query: string,
  variables: Record<string, unknown>,
): Promise<T> {
  const key = { tenantId: ctx.tenantId, shopId: ctx.shopId };
  const points = COST[name];
  await Budget.take(key, points, { headroom: HEADROOM });
  let cost: z.infer<typeof Cost> | undefined;
  const observing: typeof fetch = async (input, init) => {
    const response = await (ctx.options?.fetch ?? fetch)(input, init);
    const body = await response
      .clone()
      .json()
      .catch(() => undefined);
    const parsed = Cost.safeParse(
      (body as { extensions?: { cost?: unknown } } | undefined)?.extensions?.cost,
    );
    if (parsed.success) cost = parsed.data;
    return response;
  };
  const data = await graphql<unknown>(ctx.domain, ctx.accessToken, query, variables, {
    ...ctx.options,
    fetch: observing,
  });
  if (cost) {
    await Budget.learn(key, cost.throttleStatus);
    if (cost.actualQueryCost !== null) await Budget.adjust(key, cost.actualQueryCost - points);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new Refusal("Shopify から予期しない形式の応答を受け取りました。");
  return parsed.data;
}

/** Shopify's refusals in the merchant's language, with Shopify's own words kept for support. */
function refusalOf(errors: { message: string }[]): Refusal {
  const text = errors.map((e) => e.message).join(" / ");
  if (/unfulfillable status/i.test(text))
    return new Refusal(`Shopify の注文が発送できない状態です（${text}）。`);
  if (/quantity/i.test(text))
    return new Refusal(`発送する数量が Shopify の未発送数を超えています（${text}）。`);
  if (/does not exist/i.test(text))
    return new Refusal(
      `Shopify に発送対象が見つかりません。注文を同期してから再度お試しください（${text}）。`,
    );
  return new Refusal(`Shopify が発送登録を受け付けませんでした（${text}）。`);
}

const statusOf = (display: string): PlatformResult["orderStatus"] =>
  display === "FULFILLED" ? "shipped" : "partiallyShipped";

export async function upload(ctx: ShopifyContext, work: UploadWork): Promise<PlatformResult> {
  const { order } = await call(ctx, OrderState, "state", STATE_QUERY, { id: work.platformOrderId });
  if (!order) throw new Refusal("Shopify に注文が見つかりません。削除された可能性があります。");
  const live = order.fulfillments.filter((f) => f.status !== "CANCELLED" && f.status !== "ERROR");
  const ours = new Set(work.numbers);
  const found = live.find((f) => f.trackingInfo.some((t) => t.number !== null && ours.has(t.number)));
  if (found) {
    // Uploaded before (the answer or our record of it was lost): record it, never fulfil again.
    return {
      fulfillmentId: found.id,
      orderStatus: statusOf(order.displayFulfillmentStatus),
      reconciled: true,
    };
  }
  if (order.cancelledAt) throw new Refusal("Shopify で注文がキャンセルされています。");
  const company = companyOf(work);
  const open = order.fulfillmentOrders.nodes.filter((fo) => FULFILLABLE.has(fo.status));

  if (open.length === 0) {
    // Nothing left to fulfil. A parcel of an order we fulfilled joins its sibling's fulfilment;
    // an order fulfilled in Shopify by other means is reconciled as it is.
    const sibling = live.find((f) => work.siblingFulfillmentIds.includes(f.id));
    if (sibling) {
      const numbers = [
        ...sibling.trackingInfo.map((t) => t.number).filter((n): n is string => !!n),
        ...work.numbers,
      ];
      const answer = await call(ctx, AddAnswer, "addNumbers", ADD_NUMBERS, {
        id: sibling.id,
        tracking: { company, numbers },
        notify: ctx.notifyCustomer,
      });
      const { userErrors } = answer.fulfillmentTrackingInfoUpdate;
      if (userErrors.length) throw refusalOf(userErrors);
      return { fulfillmentId: sibling.id, orderStatus: statusOf(order.displayFulfillmentStatus) };
    }
    if (order.displayFulfillmentStatus === "FULFILLED")
      return { fulfillmentId: null, orderStatus: "shipped", reconciled: true };
    throw new Refusal(
      "Shopify に発送できる状態の商品がありません（保留中など）。Shopify の管理画面をご確認ください。",
    );
  }

  let groups: {
    fulfillmentOrderId: string;
    fulfillmentOrderLineItems?: { id: string; quantity: number }[];
  }[];
  let fulfilsAll: boolean;
  if (work.lines?.length) {
    ({ groups, fulfilsAll } = await plannedLines(ctx, work));
  } else {
    groups = open.map((fo) => ({ fulfillmentOrderId: fo.id }));
    // Fulfilment orders on hold or scheduled stay unfulfilled: the order is then only partly shipped.
    fulfilsAll = order.fulfillmentOrders.nodes.every(
      (fo) => FULFILLABLE.has(fo.status) || fo.status === "CLOSED" || fo.status === "CANCELLED",
    );
  }
  const tracking =
    work.numbers.length === 1 ? { company, number: work.numbers[0] } : { company, numbers: work.numbers };
  const answer = await call(ctx, CreateAnswer, "create", CREATE, {
    fulfillment: {
      lineItemsByFulfillmentOrder: groups,
      notifyCustomer: ctx.notifyCustomer,
      trackingInfo: tracking,
    },
  });
  const { fulfillment, userErrors } = answer.fulfillmentCreate;
  if (userErrors.length || !fulfillment) throw refusalOf(userErrors);
  return { fulfillmentId: fulfillment.id, orderStatus: fulfilsAll ? "shipped" : "partiallyShipped" };
}

/** The fulfilment-order lines for the order lines the shipment names, and whether they are all that remain. */
async function plannedLines(ctx: ShopifyContext, work: UploadWork) {
  const { order } = await call(ctx, OrderLines, "lines", LINES_QUERY, { id: work.platformOrderId });
  if (!order) throw new Refusal("Shopify に注文が見つかりません。削除された可能性があります。");
  const open = order.fulfillmentOrders.nodes.filter((fo) => FULFILLABLE.has(fo.status));
  const byFo = new Map<string, { id: string; quantity: number }[]>();
  let remainingAfter = 0;
  const left = new Map(open.flatMap((fo) => fo.lineItems.nodes.map((l) => [l.id, l.remainingQuantity])));
  for (const want of work.lines ?? []) {
    let quantity = want.quantity;
    for (const fo of open) {
      for (const line of fo.lineItems.nodes) {
        if (quantity === 0 || line.lineItem.id !== want.platformLineItemId) continue;
        const take = Math.min(quantity, left.get(line.id) ?? 0);
        if (take === 0) continue;
        left.set(line.id, (left.get(line.id) ?? 0) - take);
        quantity -= take;
        byFo.set(fo.id, [...(byFo.get(fo.id) ?? []), { id: line.id, quantity: take }]);
      }
    }
    if (quantity > 0)
      throw new Refusal(
        "指定した商品の数量が Shopify の未発送数を超えています。注文を同期してから再度お試しください。",
      );
  }
  for (const value of left.values()) remainingAfter += value;
  const groups = [...byFo].map(([fulfillmentOrderId, fulfillmentOrderLineItems]) => ({
    fulfillmentOrderId,
    fulfillmentOrderLineItems,
  }));
  const others = order.fulfillmentOrders.nodes.some(
    (fo) => !FULFILLABLE.has(fo.status) && fo.status !== "CLOSED" && fo.status !== "CANCELLED",
  );
  return { groups, fulfilsAll: remainingAfter === 0 && !others };
}
