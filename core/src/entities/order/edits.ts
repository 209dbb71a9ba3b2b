import type { z } from "zod";
import { addressFromWire, postalCodeProblems } from "../../address";
import { isConditionalFailure, lockLost } from "../../db/attributes";
import { InputError } from "../../error";
import { deliverySchemas, deliveryCarriers as sharedDeliveryCarriers } from "../../shared/delivery";
import {
  OrderCustomerUpdate,
  type OrderIssue,
  OrderReplacement,
  OrderSenderUpdate,
  type StoredPerson,
} from "../../shared/order";
import { Sender } from "../sender";
import { OrderEntity, type OrderItem } from "./entity";
import { fitIssues } from "./fit-check";
import { judgedErrors, loadJudge, recordJudgement } from "./judgement";
import { get } from "./reads";
import { replaceTokens, searchableOfItem, tokensGiveWay } from "./search-tokens";
import { moveTabs } from "./tab-counts";

export const CustomerUpdate = OrderCustomerUpdate;
export const Replacement = OrderReplacement;

/**
 * The merchant corrects the recipient. The edit wins over later shop changes of the
 * recipient (kept aside as a visible conflict), and the order's errors about the
 * recipient are re-checked at once.
 */
export async function updateCustomer(
  orderId: string,
  input: z.input<typeof CustomerUpdate>,
): Promise<OrderItem> {
  const value = CustomerUpdate.parse(input);
  const problems = postalCodeProblems({
    postal_code: value.postal_code,
    prefecture: value.prefecture,
    city: value.city,
    address1: value.address1,
  });
  if (Object.keys(problems).length)
    throw new InputError("input.invalid", "入力内容に誤りがあります。", problems);
  const order = await get(orderId);
  const customer: StoredPerson = {
    name: value.name,
    nameKana: value.name_kana,
    company: value.company,
    ...addressFromWire(value),
  };
  // The recipient's own issues are settled by the edit; the carrier it ships by judges the new one.
  const { judge } = await loadJudge();
  const kept = (order.errors ?? []).filter((e) => !e.field.startsWith("customer") && !e.carrier);
  const errors = judgedErrors(
    { errors: [...kept, ...fitIssues(customer, "customer")] },
    await judge({ ...order, customer }),
  );
  return saveCustomer(order, customer, errors);
}

/** The recipient's fields a character replacement applies to, as issues name them. */
const replaceableFields = ["name", "company", "city", "address1", "address2"] as const;

/**
 * The one click of an offered character replacement (鷗 → 鴎, 髙 → 高 for Yamato): the field
 * takes the value the order's own issue offers, saved as the merchant's correction of the
 * recipient. Only that field changes, so a recipient with another problem (a phone to fix)
 * still takes it; that problem stays on the order.
 */
export async function applyReplacement(
  orderId: string,
  input: z.input<typeof Replacement>,
): Promise<OrderItem> {
  const { field } = Replacement.parse(input);
  const order = await get(orderId);
  const name = replaceableFields.find((f) => field === `customer.${f}`);
  const offered = (order.errors ?? []).find(
    (issue) => issue.field === field && issue.replacement !== undefined,
  );
  if (!name || offered?.replacement === undefined)
    throw new InputError("input.invalid", "入力内容に誤りがあります。", {
      field: "この項目に置き換えられる文字はありません。",
    });
  const customer: StoredPerson = { ...order.customer, [name]: offered.replacement };
  const { judge } = await loadJudge();
  const kept = (order.errors ?? []).filter((e) => !e.carrier && e.field !== field);
  const errors = judgedErrors(
    { errors: [...kept, ...fitIssues(customer, "customer").filter((i) => i.field === field)] },
    await judge({ ...order, customer }),
  );
  return saveCustomer(order, customer, errors);
}

/** Writes the merchant's recipient and the order's issues under the lock of its read; tokens and counts follow. */
async function saveCustomer(
  order: OrderItem,
  customer: StoredPerson,
  errors: OrderIssue[],
): Promise<OrderItem> {
  const { orderId } = order;
  const isError = errors.length > 0;
  const tokensBefore = searchableOfItem(order);
  const tokensAfter = searchableOfItem(order, customer);
  // The new recipient's tokens before the write, the old one's removal after it: a save that
  // fails in between leaves the order found by the old recipient too, never missing the new
  // one (saving the same recipient again would change no token).
  await replaceTokens(orderId, order.purchasedAt, tokensBefore, tokensAfter, "added");
  await OrderEntity.patch({ tenantId: order.tenantId, orderId })
    .set({ customer, errors, isError })
    .add({ editedFields: ["customer"] })
    .remove(["shopChanges"])
    .composite({ purchasedAt: order.purchasedAt, shopId: order.shopId })
    .where((attr, op) => op.eq(attr.updatedAt, order.updatedAt))
    .go()
    .catch(async (err) => {
      if (isConditionalFailure(err)) await tokensGiveWay(orderId, order.purchasedAt, tokensAfter);
      return lockLost(err);
    });
  await replaceTokens(orderId, order.purchasedAt, tokensBefore, tokensAfter, "removed");
  await moveTabs(order, { shipmentStatus: order.shipmentStatus, isError });
  return get(orderId);
}

export const deliveryCarriers = sharedDeliveryCarriers;
export type DeliveryCarrier = (typeof deliveryCarriers)[number];

/** The carrier an order's stored delivery names, if any. */
export function carrierOf(order: OrderItem): DeliveryCarrier | undefined {
  const carrier = order.delivery?.carrier;
  return deliveryCarriers.find((known) => known === carrier);
}

/** Writes the order's delivery and issues under the lock of its last read, and moves the tab counts. */
export async function saveDelivery(
  order: OrderItem,
  delivery: Record<string, unknown> | null,
  errors: OrderIssue[],
) {
  const isError = errors.length > 0;
  // shippingRev: a typed number's shipment is written for the delivery it read (core/src/shipment).
  const patch = OrderEntity.patch({ tenantId: order.tenantId, orderId: order.orderId }).add({
    shippingRev: 1,
  });
  await (delivery === null
    ? patch.set({ errors, isError }).remove(["delivery"])
    : patch.set({ delivery, errors, isError })
  )
    .composite({ purchasedAt: order.purchasedAt, shopId: order.shopId })
    .where((attr, op) => op.eq(attr.updatedAt, order.updatedAt))
    .go()
    .catch(lockLost);
  if (isError !== order.isError) await moveTabs(order, { shipmentStatus: order.shipmentStatus, isError });
  return get(order.orderId);
}

/**
 * Sets how the order ships: the carrier and its codes, validated per carrier
 * (core/src/shared/delivery.ts). The recipient is checked against that carrier's
 * label at once, and the requested-slot issue from the import is settled.
 */
export async function updateDelivery(
  orderId: string,
  carrier: DeliveryCarrier,
  input: unknown,
): Promise<OrderItem> {
  const value = deliverySchemas[carrier].parse(input);
  const order = await get(orderId);
  const delivery = { carrier, ...value };
  // The import's slot issue is settled by the delivery; the carrier's judgement takes the old one's place.
  const kept = (order.errors ?? []).filter((issue) => !issue.field.startsWith("delivery."));
  const { judge } = await loadJudge();
  return saveDelivery(order, delivery, judgedErrors({ errors: kept }, await judge({ ...order, delivery })));
}

/** Back to the brand's defaults: no delivery of its own, no carrier-specific issues. */
export async function resetDelivery(orderId: string): Promise<OrderItem> {
  const order = await get(orderId);
  const { judge } = await loadJudge();
  return saveDelivery(order, null, judgedErrors(order, await judge({ ...order, delivery: undefined })));
}

export const SenderUpdate = OrderSenderUpdate;

/**
 * Chooses the order's 発送元 among the company's senders (another company's id is not
 * found), or goes back to the brand's default with null.
 */
export async function updateSender(orderId: string, input: z.input<typeof SenderUpdate>): Promise<OrderItem> {
  const { sender_id: senderId } = SenderUpdate.parse(input);
  await assertSender(senderId);
  await writeSender(await get(orderId), senderId);
  // ご依頼主 is printed and filed: the carrier judges the new one.
  const written = await get(orderId);
  const { judge } = await loadJudge();
  await recordJudgement(written, await judge(written));
  return get(orderId);
}

export async function assertSender(senderId: string | null) {
  if (senderId !== null && !(await Sender.find(senderId))) {
    throw new InputError("input.invalid", "入力内容に誤りがあります。", {
      sender_id: "発送元が見つかりません。",
    });
  }
}

export async function writeSender(order: OrderItem, senderId: string | null) {
  if ((order.senderId ?? null) === senderId) return;
  const patch = OrderEntity.patch({ tenantId: order.tenantId, orderId: order.orderId });
  await (senderId === null ? patch.remove(["senderId"]) : patch.set({ senderId }))
    .where((attr, op) => op.eq(attr.updatedAt, order.updatedAt))
    .go()
    .catch(lockLost);
}
