import { addressFromWire, addressToWire, type StoredAddress } from "../../address";
import type { LabelParty } from "../../carriers/label";
import { isConditionalFailure } from "../../db/attributes";
import { type Carrier, carriers } from "../../shared/brand";
import {
  type DeliveryCarrier,
  type DeliverySource,
  deliveryDefaults,
  deliverySchemas,
  type ItemDefaults,
} from "../../shared/delivery";
import { Brand } from "../brand";
import { ItemCategory } from "../item-category";
import { Sender } from "../sender";
import { OrderEntity, type OrderItem } from "./entity";
import { LABEL_ISSUE_FIELD, type OrderIssue } from "./shapes";

/** The carrier an order ships by, or why it has none here. */
export type ShippingCarrier =
  | { carrier: Carrier; reason?: undefined }
  | { carrier?: undefined; reason: string };

export const OTHER_CARRIER_REASON = "この注文は他の配送会社で発送する設定です。";

/**
 * The one answer to "which carrier does this order ship by", for a label batch and a
 * carrier file alike: its own delivery's carrier, else the brand's default, else the only
 * carrier the company has an account with. An order set to その他 ships outside the product.
 */
export function shippingCarrier(
  order: Pick<OrderItem, "delivery">,
  brand: { defaultCarrier?: Carrier; accountCarriers: readonly Carrier[] },
): ShippingCarrier {
  const own = order.delivery?.carrier;
  if (own === "sss") return { reason: OTHER_CARRIER_REASON };
  const known = carriers.find((c) => c === own);
  if (known) return { carrier: known };
  if (brand.defaultCarrier) return { carrier: brand.defaultCarrier };
  if (brand.accountCarriers.length === 1) return { carrier: brand.accountCarriers[0]! };
  return { reason: "配送会社が決まっていません。注文の配送設定で配送会社を選んでください。" };
}

/**
 * The order's stored issues that keep it from shipping by `carrier`: the エラー tab's
 * reasons, except one only about a label that failed before (a new issue settles it) and
 * those of another carrier. The label batch and every carrier file refuse with exactly these.
 */
export function blockingIssues(order: Pick<OrderItem, "errors">, carrier: Carrier): OrderIssue[] {
  return (order.errors ?? []).filter(
    (issue) => issue.field !== LABEL_ISSUE_FIELD && (!issue.carrier || issue.carrier === carrier),
  );
}

/** What of an order its delivery for a carrier is made from. */
export type DeliveryFields = Pick<
  OrderItem,
  "delivery" | "codAmount" | "requestedDeliveryDate" | "requestedTimeSlot" | "lineItems"
>;

export function deliverySourceOf(order: DeliveryFields): DeliverySource {
  return {
    codAmount: order.codAmount ?? null,
    requestedDeliveryDate: order.requestedDeliveryDate ?? null,
    requestedTimeSlot: order.requestedTimeSlot ?? null,
    lineItems: order.lineItems ?? [],
  };
}

/**
 * ご依頼主 of each order: its own sender, else the brand's default, else the company
 * itself, as labels and carrier files print it (a carrier file's `ExportSender` has the
 * label's shape). The brand and company are the caller's (read once for a batch of
 * orders), and each sender is read once per resolver.
 */
export async function senderResolver(
  brand: { defaultSenderId?: string } | undefined,
  company: StoredAddress & { name: string },
): Promise<(order: Pick<OrderItem, "senderId">) => Promise<LabelParty>> {
  const senders = new Map<string, Promise<LabelParty | undefined>>();
  const senderById = (id: string) => {
    if (!senders.has(id))
      senders.set(
        id,
        Sender.find(id).then((s) => (s ? { ...partyOf(s), company: s.companyName ?? "" } : undefined)),
      );
    return senders.get(id)!;
  };
  const fallback = (brand?.defaultSenderId && (await senderById(brand.defaultSenderId))) || partyOf(company);
  return async (order) => (order.senderId && (await senderById(order.senderId))) || fallback;
}

/** A sender or the company as a party: its name, no company line, every address field ("" when unset). */
function partyOf(person: StoredAddress & { name: string }): LabelParty {
  return { name: person.name, company: "", ...addressFromWire(addressToWire(person)) };
}

/** 品名 and 荷扱い of the brand's default 備考欄設定, when it has one. */
export async function brandItemDefaults(): Promise<ItemDefaults | undefined> {
  return itemDefaultsOf((await Brand.get())?.defaultItemCategoryId);
}

/** 品名 and 荷扱い of a 備考欄設定 (the brand's default, read by the caller), when there is one. */
export async function itemDefaultsOf(categoryId: string | undefined): Promise<ItemDefaults | undefined> {
  const category = categoryId ? await ItemCategory.find(categoryId) : undefined;
  return category
    ? { name: category.name, handling1: category.handling1 ?? "", handling2: category.handling2 ?? "" }
    : undefined;
}

/**
 * The delivery an order ships with by `carrier`, validated: its own when it is set for
 * that carrier, else the carrier's defaults from the order and the 備考欄設定 `items`.
 */
export function deliveryFor(
  order: DeliveryFields,
  carrier: Exclude<DeliveryCarrier, "sss">,
  items: ItemDefaults | undefined,
) {
  const own = order.delivery;
  return deliverySchemas[carrier].safeParse(
    own?.carrier === carrier ? own : deliveryDefaults(carrier, deliverySourceOf(order), items),
  );
}

/**
 * The お客様管理番号 a carrier file carries for the order: the last 12 characters of its
 * id (the ULID's random part: half-width alphanumerics, stable, unique in practice),
 * within ゆうプリR's 15 bytes, so an issued-data file matches back to the order.
 */
export function referenceOf(orderId: string): string {
  return orderId.slice(-12);
}

/**
 * Takes orders for one carrier file (出力済み), each under a condition in the same write: not
 * taken by another file since it was read, and, unless the merchant asked to export it again,
 * no label issued meanwhile. Two files made at once never both take an order, and a file made
 * again under its own id (a redelivered job) takes its orders again. Answers the ids taken.
 */
export async function claimForExport(
  orders: { order: OrderItem; again: boolean }[],
  mark: { format: string; at: string; exportId: string },
): Promise<Set<string>> {
  const taken = new Set<string>();
  await Promise.all(
    orders.map(({ order, again }) => {
      const patch = OrderEntity.patch({ tenantId: order.tenantId, orderId: order.orderId }).set({
        exported: { ...mark, reference: referenceOf(order.orderId) },
      });
      // Exporting again is the merchant's explicit choice: it takes the order whatever happened since.
      const write = again
        ? patch
        : patch.where((attr, op) => {
            const ours = op.eq(attr.exported.exportId!, mark.exportId);
            const untaken = order.exported
              ? `(${op.eq(attr.exported.at, order.exported.at)} OR ${ours})`
              : `(${op.notExists(attr.exported)} OR ${ours})`;
            const unlabelled = `(${op.notExists(attr.labelsLive)} OR ${op.eq(attr.labelsLive, 0)})`;
            return `${untaken} AND ${unlabelled}`;
          });
      return write.go().then(
        () => void taken.add(order.orderId),
        (err) => {
          // Another file took it, a label was issued, or the order was deleted meanwhile.
          if (!isConditionalFailure(err)) throw err;
        },
      );
    }),
  );
  return taken;
}

/** Gives back what `claimForExport` took when the file could not be stored: only this export's marks. */
export async function releaseExport(orders: OrderItem[], exportId: string): Promise<void> {
  await Promise.all(
    orders.map((order) => {
      const patch = OrderEntity.patch({ tenantId: order.tenantId, orderId: order.orderId });
      return (order.exported ? patch.set({ exported: order.exported }) : patch.remove(["exported"]))
        .where((attr, op) => op.eq(attr.exported.exportId!, exportId))
        .go()
        .catch((err) => {
          if (!isConditionalFailure(err)) throw err;
        });
    }),
  );
}
