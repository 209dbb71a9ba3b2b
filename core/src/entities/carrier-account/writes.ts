import type { z } from "zod";
import { assertAdmin, useTenantID } from "../../actor";
import { concurrentUpdate, InputError, RuleError } from "../../error";
import { Secret } from "../../secret";
import { type Carrier, carrierLabels } from "../../shared/brand";
import {
  carrierAccountInputs,
  customerCodeMissing,
  customerCodeRules,
  type IssuingMode,
} from "../../shared/carrier-account";
import { trackingNumberOf } from "../../shared/tracking-number";
import { createID } from "../../util/id";
import { Counter } from "../counter";
import { Database, type TransactionEntities } from "../service";
import {
  type Account,
  allAccounts,
  allRanges,
  brand,
  COUNTER,
  codesPurpose,
  get,
  hintOf,
  list,
  MAX_CARRIER_ACCOUNTS,
  notFound,
} from "./account";
import type { TrackingRangeItem } from "./entity";

// ---------------------------------------------------------------------------
// Writing

type Parsed = z.output<(typeof carrierAccountInputs)[Carrier]>;
type NewRange = { first: number; last: number };

const serialOf = (number: string) => Number(number.slice(0, 11));
const overlaps = (a: NewRange, b: NewRange) => a.first <= b.last && b.first <= a.last;

function settingsOf(value: Parsed): Record<string, string> {
  const { name, mode, is_default, tracking_ranges, customer_code, ...settings } = value as Parsed & {
    customer_code?: string;
  };
  return settings as Record<string, string>;
}

/**
 * Which of the submitted ranges are new, which stored ones go, and the field errors:
 * a registered range cannot change or disappear once numbers were used from it, and
 * no two ranges of the company for this carrier may share a number (two labels with
 * one number would both be refused by the carrier).
 */
function planRanges(
  carrier: Carrier,
  mode: IssuingMode,
  submitted: Parsed["tracking_ranges"],
  own: TrackingRangeItem[],
  others: TrackingRangeItem[],
) {
  const fields: Record<string, string> = {};
  const kept = new Set<string>();
  const added: (NewRange & { index: number })[] = [];
  submitted.forEach((range, index) => {
    const wanted = { first: serialOf(range.first), last: serialOf(range.last) };
    if (range.id) {
      const stored = own.find((r) => r.rangeId === range.id);
      if (!stored)
        fields[`tracking_ranges.${index}.first`] = "番号帯が見つかりません。画面を読み込み直してください";
      else if (stored.first !== wanted.first || stored.last !== wanted.last)
        fields[`tracking_ranges.${index}.first`] =
          "登録済みの番号帯は変更できません。削除して登録し直してください";
      else kept.add(range.id);
      return;
    }
    added.push({ ...wanted, index });
  });
  const removed = own.filter((r) => !kept.has(r.rangeId));
  for (const range of removed) {
    if (range.next > range.first)
      fields.tracking_ranges = `使用済みの番号がある番号帯（${trackingNumberOf(range.first)}〜）は削除できません`;
  }
  const staying = [...own.filter((r) => kept.has(r.rangeId)), ...others.filter((r) => r.carrier === carrier)];
  added.forEach((range, i) => {
    const clash =
      staying.some((other) => overlaps(range, other)) ||
      added.slice(0, i).some((other) => overlaps(range, other));
    if (clash)
      fields[`tracking_ranges.${range.index}.first`] =
        `この番号帯は登録済みの${carrierLabels[carrier]}の番号帯と重なっています`;
  });
  if (mode === "self_printed" && kept.size + added.length === 0)
    fields.tracking_ranges =
      "自社で印刷するには、配送会社から割り当てられた追跡番号の番号帯を登録してください";
  if (Object.keys(fields).length) throw new InputError("input.invalid", "入力内容に誤りがあります。", fields);
  return { added, removed };
}

async function sealCodes(accountId: string, tenantId: string, code: string) {
  return {
    sealedCodes: await Secret.seal(JSON.stringify({ customer_code: code }), {
      tenantId,
      purpose: codesPurpose(accountId),
    }),
    codeHint: hintOf(code),
  };
}

/** A new range of the account in the same transaction, with none of its numbers used yet. */
function rangeCreate(
  entities: TransactionEntities,
  tenantId: string,
  carrier: Carrier,
  accountId: string,
  range: NewRange,
) {
  return entities.trackingRange
    .create({
      tenantId,
      carrierAccountId: accountId,
      rangeId: createID("trackingRange"),
      carrier,
      first: range.first,
      last: range.last,
      next: range.first,
      remaining: range.last - range.first + 1,
    })
    .commit();
}

/** The brand's change in the same transaction: the ranges' version lock and the carrier's default. */
function brandUpdate(
  entities: TransactionEntities,
  tenantId: string,
  version: number | undefined,
  defaults: Partial<Record<Carrier, string>>,
  defaultCarrier?: Carrier,
) {
  return entities.brand
    .update({ tenantId })
    .set({
      rangesVersion: (version ?? 0) + 1,
      defaultCarrierAccounts: defaults,
      ...(defaultCarrier ? { defaultCarrier } : {}),
    })
    .where((attr, op) =>
      version === undefined ? op.notExists(attr.rangesVersion) : op.eq(attr.rangesVersion, version),
    )
    .commit();
}

export async function create(carrier: Carrier, input: unknown): Promise<Account> {
  assertAdmin();
  const value = carrierAccountInputs[carrier].parse(input);
  const code = (value as { customer_code?: string }).customer_code;
  const rule = customerCodeRules[carrier];
  if (!code && rule.required)
    throw new InputError("input.invalid", "入力内容に誤りがあります。", {
      customer_code: customerCodeMissing(carrier),
    });
  const tenantId = useTenantID();
  await Counter.ensure(COUNTER, async () => (await allAccounts()).length);
  const [ranges, { defaults, rangesVersion, defaultCarrier }] = await Promise.all([allRanges(), brand()]);
  const { added } = planRanges(carrier, value.mode, value.tracking_ranges, [], ranges);
  const accountId = createID("carrierAccount");
  const sealed = code ? await sealCodes(accountId, tenantId, code) : {};
  const isDefault = value.is_default || !defaults[carrier];
  const result = await Database.transaction
    .write((entities) => [
      Counter.increment(entities.counter, tenantId, COUNTER, MAX_CARRIER_ACCOUNTS),
      brandUpdate(
        entities,
        tenantId,
        rangesVersion,
        isDefault ? { ...defaults, [carrier]: accountId } : defaults,
        // The company's first carrier becomes the one orders ship by unless they name another.
        defaultCarrier ? undefined : carrier,
      ),
      entities.carrierAccount
        .create({
          tenantId,
          carrierAccountId: accountId,
          carrier,
          name: value.name,
          mode: value.mode,
          settings: settingsOf(value),
          ...sealed,
        })
        .commit(),
      ...added.map((range) => rangeCreate(entities, tenantId, carrier, accountId, range)),
    ])
    .go();
  if (result.canceled) {
    if (result.data[0]?.code === "ConditionalCheckFailed")
      throw new RuleError(
        "carrier_account.limit",
        `配送会社の契約情報は${MAX_CARRIER_ACCOUNTS}件まで登録できます。`,
      );
    throw concurrentUpdate();
  }
  return get(carrier, accountId);
}

export async function update(carrier: Carrier, accountId: string, input: unknown): Promise<Account> {
  assertAdmin();
  const value = carrierAccountInputs[carrier].parse(input);
  const current = await get(carrier, accountId);
  const tenantId = useTenantID();
  const [ranges, { defaults, rangesVersion }] = await Promise.all([allRanges(), brand()]);
  const { added, removed } = planRanges(
    carrier,
    value.mode,
    value.tracking_ranges,
    current.ranges,
    ranges.filter((r) => r.carrierAccountId !== accountId),
  );
  const code = (value as { customer_code?: string }).customer_code;
  const sealed = code ? await sealCodes(accountId, tenantId, code) : {};
  // Unticking the default leaves the carrier without one only when the merchant says so.
  const nextDefaults = { ...defaults };
  if (value.is_default) nextDefaults[carrier] = accountId;
  else if (defaults[carrier] === accountId) delete nextDefaults[carrier];
  const result = await Database.transaction
    .write((entities) => [
      entities.carrierAccount
        .patch({ tenantId, carrierAccountId: accountId })
        .set({ name: value.name, mode: value.mode, settings: settingsOf(value), ...sealed })
        .where((attr, op) => op.eq(attr.updatedAt, current.item.updatedAt))
        .commit(),
      brandUpdate(entities, tenantId, rangesVersion, nextDefaults),
      ...removed.map((range) =>
        entities.trackingRange
          .delete({ tenantId, carrierAccountId: accountId, rangeId: range.rangeId })
          .where((attr, op) => op.eq(attr.next, range.first))
          .commit(),
      ),
      ...added.map((range) => rangeCreate(entities, tenantId, carrier, accountId, range)),
    ])
    .go();
  if (result.canceled) throw concurrentUpdate();
  return get(carrier, accountId);
}

/**
 * Removes an account and its ranges. The default stays as long as the carrier has
 * other accounts (labels would have nothing to use): choose another default first.
 */
export async function remove(carrier: Carrier, accountId: string): Promise<void> {
  assertAdmin();
  const current = await get(carrier, accountId);
  const tenantId = useTenantID();
  const [siblings, { defaults, rangesVersion }] = await Promise.all([list(carrier), brand()]);
  if (current.isDefault && siblings.length > 1)
    throw new RuleError(
      "carrier_account.in_use",
      "デフォルトの契約情報は削除できません。先に別の契約情報をデフォルトにしてください。",
    );
  const nextDefaults = { ...defaults };
  if (current.isDefault) delete nextDefaults[carrier];
  await Counter.ensure(COUNTER, async () => (await allAccounts()).length);
  const result = await Database.transaction
    .write((entities) => [
      entities.carrierAccount
        .delete({ tenantId, carrierAccountId: accountId })
        .where((attr, op) => op.exists(attr.carrierAccountId))
        .commit(),
      Counter.decrement(entities.counter, tenantId, COUNTER),
      brandUpdate(entities, tenantId, rangesVersion, nextDefaults),
      ...current.ranges.map((range) =>
        entities.trackingRange
          .delete({ tenantId, carrierAccountId: accountId, rangeId: range.rangeId })
          .commit(),
      ),
    ])
    .go();
  if (!result.canceled) return;
  if (result.data[0]?.code === "ConditionalCheckFailed") throw notFound();
  throw concurrentUpdate();
}
