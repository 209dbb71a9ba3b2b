import { z } from "zod";
import { useTenantID } from "../../actor";
import { TimestampsInfo, timestampsToWire } from "../../db/attributes";
import { NotFoundError } from "../../error";
import { Secret } from "../../secret";
import { type Carrier, carriers } from "../../shared/brand";
import { issuingModes, LOW_ON_NUMBERS } from "../../shared/carrier-account";
import { trackingNumberOf } from "../../shared/tracking-number";
import { isID } from "../../util/id";
import { BrandEntity } from "../brand/entity";
import { batchGet } from "../records";
import {
  CarrierAccountEntity,
  type CarrierAccountItem,
  TrackingRangeEntity,
  type TrackingRangeItem,
} from "./entity";

export const MAX_CARRIER_ACCOUNTS = 30;
export const COUNTER = "carrierAccount";

export const RangeInfo = z.object({
  id: z.string(),
  first: z.string(),
  last: z.string(),
  next: z.string().nullable().meta({ description: "次に使う番号（使い切ったときは null）" }),
  remaining: z.number().int(),
  used: z.number().int(),
});

export const Info = z
  .object({
    id: z.string(),
    carrier: z.enum(carriers),
    name: z.string(),
    mode: z.enum(issuingModes),
    is_default: z.boolean(),
    customer_code_hint: z
      .string()
      .nullable()
      .meta({ description: "契約コードの末尾4桁だけを示す（コードそのものは返さない）" }),
    classification_code: z.string().nullable(),
    freight_code: z.string().nullable(),
    form_code: z.string().nullable(),
    posting_office: z.string().nullable(),
    tracking_ranges: z.array(RangeInfo),
    remaining_numbers: z.number().int().nullable(),
    low_on_numbers: z.boolean(),
    ...TimestampsInfo,
  })
  .meta({ id: "CarrierAccount" });
export type Info = z.infer<typeof Info>;

/** An account with its ranges and whether it is its carrier's default, as the API answers. */
export type Account = { item: CarrierAccountItem; ranges: TrackingRangeItem[]; isDefault: boolean };

export const notFound = () =>
  new NotFoundError("carrier_account.not_found", "配送会社の契約情報が見つかりません。");

const rangeInfo = (range: TrackingRangeItem) => ({
  id: range.rangeId,
  first: trackingNumberOf(range.first),
  last: trackingNumberOf(range.last),
  next: range.remaining > 0 ? trackingNumberOf(range.next) : null,
  remaining: range.remaining,
  used: range.next - range.first,
});

export function serialize({ item, ranges, isDefault }: Account): Info {
  const settings = item.settings ?? {};
  const remaining = ranges.reduce((sum, r) => sum + r.remaining, 0);
  const numbered = item.mode === "self_printed";
  return {
    id: item.carrierAccountId,
    carrier: item.carrier,
    name: item.name,
    mode: item.mode,
    is_default: isDefault,
    customer_code_hint: item.codeHint ?? null,
    classification_code: settings.classification_code ?? null,
    freight_code: settings.freight_code ?? null,
    form_code: settings.form_code ?? null,
    posting_office: settings.posting_office ?? null,
    tracking_ranges: [...ranges].sort((a, b) => a.first - b.first).map(rangeInfo),
    remaining_numbers: numbered || ranges.length ? remaining : null,
    low_on_numbers: numbered && remaining < LOW_ON_NUMBERS,
    ...timestampsToWire(item),
  };
}

// ---------------------------------------------------------------------------
// Reading

export const codesPurpose = (accountId: string) => `carrier-codes:${accountId}`;
export const hintOf = (code: string) => `${"*".repeat(Math.max(code.length - 4, 0))}${code.slice(-4)}`;

export async function allAccounts(): Promise<CarrierAccountItem[]> {
  // Accounts are counted (at most MAX_CARRIER_ACCOUNTS), so one partition read stays small.
  const { data } = await CarrierAccountEntity.query.byId({ tenantId: useTenantID() }).go({ pages: "all" });
  return data;
}

export async function allRanges(): Promise<TrackingRangeItem[]> {
  const { data } = await TrackingRangeEntity.query
    .byAccount({ tenantId: useTenantID() })
    .go({ pages: "all" });
  return data;
}

export async function brand() {
  const { data } = await BrandEntity.get({ tenantId: useTenantID() }).go();
  return {
    defaults: data?.defaultCarrierAccounts ?? {},
    rangesVersion: data?.rangesVersion,
    defaultCarrier: data?.defaultCarrier,
  };
}

/** Whether the company has registered any carrier account (the setup wizard's last step asks for one). */
export async function hasAny(): Promise<boolean> {
  const { data } = await CarrierAccountEntity.query.byId({ tenantId: useTenantID() }).go({ limit: 1 });
  return data.length > 0;
}

/** The carrier's accounts, oldest first, each with its ranges. */
export async function list(carrier: Carrier): Promise<Account[]> {
  const [accounts, ranges, { defaults }] = await Promise.all([allAccounts(), allRanges(), brand()]);
  return accounts
    .filter((a) => a.carrier === carrier)
    .map((item) => ({
      item,
      ranges: ranges.filter((r) => r.carrierAccountId === item.carrierAccountId),
      isDefault: defaults[carrier] === item.carrierAccountId,
    }));
}

/** One account of the carrier; another carrier's (or another company's) id is not found. */
export async function get(carrier: Carrier, accountId: string): Promise<Account> {
  if (!isID("carrierAccount", accountId)) throw notFound();
  const tenantId = useTenantID();
  const [{ data: item }, { data: ranges }, { defaults }] = await Promise.all([
    CarrierAccountEntity.get({ tenantId, carrierAccountId: accountId }).go(),
    TrackingRangeEntity.query.byAccount({ tenantId, carrierAccountId: accountId }).go({ pages: "all" }),
    brand(),
  ]);
  if (!item || item.carrier !== carrier) throw notFound();
  return { item, ranges, isDefault: defaults[carrier] === accountId };
}

/** The account a carrier's labels use when the order names none: the brand's default. */
export async function defaultFor(carrier: Carrier): Promise<Account | undefined> {
  const id = (await brand()).defaults[carrier];
  return id ? get(carrier, id).catch(() => undefined) : undefined;
}

/**
 * The carriers with a default account: those a label can be issued with (and an order
 * without a carrier ships by, when only one). Every order list asks (for the carrier
 * column), so it is one read of the brand's defaults, or none when the caller has them,
 * and one BatchGet of the accounts they name.
 */
export async function carriersWithAccount(defaults?: Partial<Record<Carrier, string>>): Promise<Carrier[]> {
  const ids = defaults ?? (await brand()).defaults;
  const named = carriers.filter((carrier) => isID("carrierAccount", ids[carrier] ?? ""));
  if (named.length === 0) return [];
  const tenantId = useTenantID();
  const found = await batchGet(
    [...new Set(named.map((carrier) => ids[carrier]!))].map((carrierAccountId) => ({
      tenantId,
      carrierAccountId,
    })),
    (keys) => CarrierAccountEntity.get(keys).go({ attributes: ["carrierAccountId", "carrier"] }),
  );
  // A default that names another carrier's account (or one since removed) gives that carrier none.
  return named.filter((carrier) =>
    found.some((account) => account.carrierAccountId === ids[carrier] && account.carrier === carrier),
  );
}

/** The sealed contract codes (ご請求先顧客コード, お客様コード, お客様番号) for a file or label. */
export async function codesOf(account: CarrierAccountItem): Promise<{ customer_code?: string }> {
  if (!account.sealedCodes) return {};
  return JSON.parse(
    await Secret.open(account.sealedCodes, {
      tenantId: account.tenantId,
      purpose: codesPurpose(account.carrierAccountId),
    }),
  );
}
