import { z } from "zod";
import { type Carrier, carriers } from "../../shared/brand";
import { Brand } from "../brand";
import { CarrierAccount } from "../carrier-account";
import type { OrderEntity, OrderItem } from "./entity";
import { shippingCarrier } from "./label-data";

/** 送り状: orders with a live label (発行済み) or none (未発行). */
export const labelStates = ["unissued", "issued"] as const;
export type LabelState = (typeof labelStates)[number];

/** The carrier an order ships by as the list filters it: the three label carriers, or anything else. */
export const carrierChoices = [...carriers, "other"] as const;
export type CarrierChoice = (typeof carrierChoices)[number];

export const ListFilters = {
  labelState: z.enum(labelStates).optional(),
  carrier: z.enum(carrierChoices).optional(),
};

/** The carrier an order without its own carrier ships by (the brand's default, or the only account); undefined: none. */
export async function fallbackCarrier(): Promise<Carrier | undefined> {
  const brand = await Brand.get();
  const accountCarriers = await CarrierAccount.carriersWithAccount(brand?.defaultCarrierAccounts ?? {});
  return shippingCarrier({}, { defaultCarrier: brand?.defaultCarrier, accountCarriers }).carrier;
}

type WhereCallback = Parameters<ReturnType<typeof OrderEntity.query.byStatus>["where"]>[0];
type Attr = Parameters<WhereCallback>[0];
type Op = Parameters<WhereCallback>[1];

/**
 * The filter expression of the 送り状 and carrier filters, evaluated by DynamoDB on the
 * one index page a bounded read takes (like is_error's): `labelsLive` is kept by the
 * very transactions that issue and cancel labels, and the order's own carrier is its
 * `delivery.carrier`; an order without one ships by `fallback`.
 */
export function filterExpression(
  attr: Attr,
  op: Op,
  filters: { labelState?: LabelState; carrier?: CarrierChoice },
  fallback: Carrier | undefined,
): string {
  const parts: string[] = [];
  if (filters.labelState === "issued") parts.push(op.gt(attr.labelsLive, 0));
  if (filters.labelState === "unissued")
    parts.push(`(${op.notExists(attr.labelsLive)} OR ${op.eq(attr.labelsLive, 0)})`);
  if (filters.carrier) {
    const own = `${op.name(attr.delivery)}.carrier`;
    const wanted = filters.carrier === "other" ? "sss" : filters.carrier;
    const unset = `attribute_not_exists(${own})`;
    const byOwn = `${own} = ${op.escape(wanted)}`;
    const byFallback = filters.carrier === "other" ? fallback === undefined : fallback === filters.carrier;
    parts.push(byFallback ? `(${byOwn} OR ${unset})` : byOwn);
  }
  return parts.join(" AND ");
}

/** The same filters on an order in hand (a search's few results). */
export function matchesFilters(
  order: OrderItem,
  filters: { labelState?: LabelState; carrier?: CarrierChoice },
  fallback: Carrier | undefined,
): boolean {
  const issued = (order.labelsLive ?? 0) > 0;
  if (filters.labelState && issued !== (filters.labelState === "issued")) return false;
  if (!filters.carrier) return true;
  const carrier = shippingCarrier(order, { defaultCarrier: fallback, accountCarriers: [] }).carrier;
  return (carrier ?? "other") === filters.carrier;
}
