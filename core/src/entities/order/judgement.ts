import { type ExportFormat, type ExportOrder, exportFile } from "../../carriers/csv";
import type { LabelParty } from "../../carriers/label/types";
import { shippingDates } from "../../carriers/shipping-dates";
import { isConditionalFailure } from "../../db/attributes";
import type { Carrier } from "../../shared/brand";
import { jstToday } from "../../shared/dates";
import type { ItemDefaults } from "../../shared/delivery";
import type { OrderIssue } from "../../shared/order";
import { Brand } from "../brand";
import { CarrierAccount } from "../carrier-account";
import { Company } from "../company";
import { emit } from "../webhook-endpoint/emit";
import { OrderEntity, type OrderItem } from "./entity";
import { orderErrorEvent } from "./error-events";
import { characterIssues, refusedCharacters } from "./fit-check";
import {
  blockingIssues,
  type DeliveryFields,
  deliveryFor,
  itemDefaultsOf,
  referenceOf,
  senderResolver,
  shippingCarrier,
} from "./label-data";
import { canonical } from "./shapes";
import { moveTabs } from "./tab-counts";

/**
 * Parcels one order is issued with at most: a label issue writes per parcel its shipment,
 * live parcel and number claim, and once the order's summary, all in one DynamoDB
 * transaction of at most 100 items.
 */
export const MAX_PARCELS = Math.floor((100 - 1) / 3);

/** What of an order its judgement reads: it judges a new order before it is stored. */
export type JudgedOrder = DeliveryFields &
  Pick<OrderItem, "orderId" | "orderNumber" | "customer" | "senderId" | "shipmentStatus">;

/** What judging an order needs beyond the order: read once for a batch, a file or a sync page. */
export type JudgementContext = {
  /** Today in Japan, YYYY-MM-DD: a requested day before it is a problem. */
  today: string;
  /** The brand's 備考欄設定 (品名, 荷扱い), the delivery defaults start from it. */
  items: ItemDefaults | undefined;
  /** ご依頼主 as the label and the file print it. */
  senderOf: (order: Pick<OrderItem, "senderId">) => Promise<LabelParty>;
};

/**
 * The file whose row rules stand for the carrier: the carrier's own software (B2クラウド,
 * e飛伝Ⅲ, ゆうプリR). クリックポスト is a choice of file for Japan Post orders, and its
 * narrower rules are told by its export.
 */
const judgedFormat: Record<Carrier, ExportFormat> = {
  yamato: "yamato_b2",
  sagawa: "sagawa_ehiden3",
  japan_post: "japan_post_yuprir",
};

/**
 * Contract data that satisfies each layout: the order's judgement leaves the account's own
 * settings to the export, which names them once for the whole file (field `account.*`).
 */
const anyAccount = {
  yamato: { customerCode: "000000000000", classificationCode: "", freightNumber: "01" },
  sagawa: {},
  japan_post: { formCodes: { "0": "1100780", "1": "1100780", "2": "1100780" } },
} as const;

const sameIssue = (a: OrderIssue, b: OrderIssue) => a.field === b.field && a.message === b.message;

function unique(issues: OrderIssue[]): OrderIssue[] {
  return issues.filter((issue, index) => issues.findIndex((other) => sameIssue(issue, other)) === index);
}

/**
 * The one judgement of whether an order can ship by `carrier`, live: the recipient's label
 * checks, the delivery the order ships with (its own, else the carrier's defaults) against
 * the carrier's schema, its dates against today, its parcels, and the carrier software's
 * row rules for every field. The エラー tab stores it (`recordJudgement`); a label batch and
 * every carrier file refuse with exactly it. Every issue carries `carrier`.
 */
export async function carrierIssues(
  order: JudgedOrder,
  carrier: Carrier,
  context: JudgementContext,
): Promise<OrderIssue[]> {
  // The recipient's characters, with their one-click replacements; the lengths are the file's rules below.
  const issues: OrderIssue[] = characterIssues(order.customer, "customer", carrier);
  const refused = refusedCharacters(order.customer, carrier);
  const delivery = deliveryFor(order, carrier, context.items);
  if (!delivery.success) {
    for (const issue of delivery.error.issues)
      issues.push({ field: `delivery.${issue.path.join(".")}`, message: issue.message });
  } else {
    for (const problem of shippingDates(delivery.data, context.today).problems) issues.push(problem);
    if (delivery.data.parcels > MAX_PARCELS)
      issues.push({
        field: "delivery.parcels",
        message: `一度に発行できる個数は${MAX_PARCELS}個までです。個数を${MAX_PARCELS}以下にして、残りは別の注文として発行してください。`,
      });
    const format = judgedFormat[carrier];
    const row = {
      reference: referenceOf(order.orderId),
      orderNumber: order.orderNumber,
      recipient: order.customer,
      sender: await context.senderOf(order),
      lineItems: order.lineItems.map(({ name, quantity }) => ({ name, quantity })),
      delivery: delivery.data,
      account: anyAccount[carrier],
    } as ExportOrder<typeof format>;
    const file = exportFile(format, [row], { today: context.today });
    for (const reason of file.excluded[0]?.reasons ?? []) {
      if (reason.field.startsWith("account.")) continue;
      // The recipient's characters are told once, above, with their replacement.
      const sameCharacters = refused.some((bad) => reason.message.includes(bad));
      if (reason.field.startsWith("customer.") && sameCharacters) continue;
      issues.push(reason);
    }
  }
  // One reason per field: the recipient's label check and the file's rule often say the same thing.
  const byField = unique(issues).filter(
    (issue, index, all) =>
      !issue.field.startsWith("customer.") || all.findIndex((other) => other.field === issue.field) === index,
  );
  return byField.map(({ field, message, suggestion, replacement }) => ({
    field,
    message,
    ...(suggestion === undefined ? {} : { suggestion }),
    ...(replacement === undefined ? {} : { replacement }),
    carrier,
  }));
}

/**
 * Everything that keeps the order from shipping by `carrier`: the stored issues that hold
 * for it (the import's, Order.blockingIssues) and its judgement (`carrierIssues`).
 */
export function withStoredIssues(order: OrderItem, carrier: Carrier, judged: OrderIssue[]): OrderIssue[] {
  const stored = blockingIssues(order, carrier).filter((issue) => !issue.carrier);
  return unique([...stored, ...judged]);
}

/**
 * Stores the judgement of the carrier the order ships by in place of any earlier carrier
 * judgement, so the エラー tab says what a label batch and a file would: the order's other
 * issues (the import's, a failed label's or upload's) stay. Written only when it changed,
 * under the lock of the order as read; an order changed meanwhile is left to the writer
 * that changed it (every write that can change a judgement judges again). Answers whether
 * the stored issues changed.
 */
export async function recordJudgement(order: OrderItem, judged: OrderIssue[]): Promise<boolean> {
  const errors = judgedErrors(order, judged);
  if (canonical(errors) === canonical(order.errors ?? [])) return false;
  const isError = errors.length > 0;
  try {
    await OrderEntity.patch({ tenantId: order.tenantId, orderId: order.orderId })
      .set({ errors, isError })
      .composite({ purchasedAt: order.purchasedAt, shopId: order.shopId })
      .where((attr, op) => op.eq(attr.updatedAt, order.updatedAt))
      .go();
  } catch (err) {
    if (isConditionalFailure(err)) return false;
    throw err;
  }
  if (isError !== order.isError) await moveTabs(order, { shipmentStatus: order.shipmentStatus, isError });
  if (isError && !order.isError) await emit([orderErrorEvent({ ...order, errors })]);
  return true;
}

/** The order's issues with `judged` in place of any earlier carrier judgement; its other issues stay. */
export function judgedErrors(order: Pick<OrderItem, "errors">, judged: OrderIssue[]): OrderIssue[] {
  const kept = (order.errors ?? []).filter((issue) => !issue.carrier);
  return [...kept, ...judged.filter((issue) => !kept.some((other) => sameIssue(issue, other)))];
}

/** An order's judgement by the carrier it ships by, as stored (`carrierIssues`; none without a carrier). */
export type Judge = (order: JudgedOrder) => Promise<OrderIssue[]>;

/** The company's carriers, 備考欄設定 and senders, read once: the judge of a sync page, a re-judgement or an edit. */
export async function loadJudge(
  now = new Date(),
): Promise<{ judge: Judge; context: JudgementContext; brand: Parameters<typeof shippingCarrier>[1] }> {
  const [brand, company, accountCarriers] = await Promise.all([
    Brand.get(),
    Company.get(),
    CarrierAccount.carriersWithAccount(),
  ]);
  const [items, senderOf] = await Promise.all([
    itemDefaultsOf(brand?.defaultItemCategoryId),
    senderResolver(brand, company),
  ]);
  const context: JudgementContext = { today: jstToday(now), items, senderOf };
  const shipping = { defaultCarrier: brand?.defaultCarrier, accountCarriers };
  const judge: Judge = async (order) => {
    // A shipped or cancelled order ships no more: no carrier judges it.
    if (order.shipmentStatus === "cancelled" || order.shipmentStatus === "shipped") return [];
    const { carrier } = shippingCarrier(order, shipping);
    return carrier ? carrierIssues(order, carrier, context) : [];
  };
  return { judge, context, brand: shipping };
}
