export * as Brand from "./index";

import { z } from "zod";
import { assertAdmin, useTenantID } from "../../actor";
import { RuleError } from "../../error";
import {
  BrandDefaultCarrier,
  BrandDefaultItemCategory,
  BrandDefaultSender,
  BrandPrintSettings,
  BrandUpdate,
  CarrierPrintSetting,
  carrierLabels,
  carriers,
  defaultPrintSetting,
  defaultUploadSettings,
} from "../../shared/brand";
import { isID } from "../../util/id";
import { CarrierAccount } from "../carrier-account";
import { ItemCategory } from "../item-category";
import { Sender } from "../sender";
import { Database } from "../service";
import { BrandEntity, type BrandItem } from "./entity";

export const Info = z
  .object({
    name: z.string(),
    default_sender_id: z.string().nullable(),
    default_item_category_id: z.string().nullable(),
    default_carrier: z.enum(carriers).nullable(),
    print_settings: BrandPrintSettings,
    /** ストアからお客様に発送通知メールを送る (Shopify's shipping confirmation on a tracking upload). */
    notify_customer: z.boolean(),
    /** 送り状発行後に追跡番号を自動でストアへアップロードする. */
    auto_upload_tracking: z.boolean(),
    updated_at: z.string().nullable(),
  })
  .meta({ id: "Brand" });
export type Info = z.infer<typeof Info>;

const defaultPrintSettings = () =>
  Object.fromEntries(carriers.map((c) => [c, { ...defaultPrintSetting }])) as z.output<
    typeof BrandPrintSettings
  >;

/** Stored settings, with defaults for carriers never configured and for stored values that no longer parse. */
function printSettingsOf(item: BrandItem | undefined) {
  const stored = item?.printSettings ?? {};
  const settings = defaultPrintSettings();
  for (const carrier of carriers) {
    const parsed = CarrierPrintSetting.safeParse(stored[carrier]);
    if (parsed.success) settings[carrier] = parsed.data;
  }
  return settings;
}

export function serialize(item: BrandItem | undefined): Info {
  return {
    name: item?.name ?? "",
    default_sender_id: item?.defaultSenderId ?? null,
    default_item_category_id: item?.defaultItemCategoryId ?? null,
    default_carrier: item?.defaultCarrier ?? null,
    print_settings: printSettingsOf(item),
    ...uploadSettingsOf(item),
    updated_at: item?.updatedAt ?? null,
  };
}

/** The tracking-upload settings, with their defaults while never saved. */
export function uploadSettingsOf(item: BrandItem | undefined) {
  return {
    notify_customer: item?.notifyCustomer ?? defaultUploadSettings.notify_customer,
    auto_upload_tracking: item?.autoUploadTracking ?? defaultUploadSettings.auto_upload_tracking,
  };
}

/** The company's brand; a company that never saved one gets the defaults. */
export async function get(): Promise<BrandItem | undefined> {
  const tenantId = useTenantID();
  const { data } = await BrandEntity.get({ tenantId }).go();
  return data ?? undefined;
}

/** Every brand change is an administrator's (the brand prints on every label). */
async function upsert(
  values: Partial<Pick<BrandItem, "name" | "printSettings" | "notifyCustomer" | "autoUploadTracking">> & {
    defaultSenderId?: string | null;
    defaultItemCategoryId?: string | null;
  },
): Promise<BrandItem> {
  assertAdmin();
  const tenantId = useTenantID();
  const { defaultSenderId, defaultItemCategoryId, ...rest } = values;
  const update = BrandEntity.update({ tenantId }).set(rest);
  const removals: ("defaultSenderId" | "defaultItemCategoryId")[] = [];
  const sets: Partial<Pick<BrandItem, "defaultSenderId" | "defaultItemCategoryId">> = {};
  if (defaultSenderId === null) removals.push("defaultSenderId");
  else if (defaultSenderId !== undefined) sets.defaultSenderId = defaultSenderId;
  if (defaultItemCategoryId === null) removals.push("defaultItemCategoryId");
  else if (defaultItemCategoryId !== undefined) sets.defaultItemCategoryId = defaultItemCategoryId;
  const withSets = Object.keys(sets).length ? update.set(sets) : update;
  const withRemovals = removals.length ? withSets.remove(removals) : withSets;
  const { data } = await withRemovals.go({ response: "all_new" });
  return data as BrandItem;
}

export async function update(input: z.input<typeof BrandUpdate>) {
  const { name, notify_customer, auto_upload_tracking } = BrandUpdate.parse(input);
  return upsert({
    ...(name !== undefined ? { name } : {}),
    ...(notify_customer !== undefined ? { notifyCustomer: notify_customer } : {}),
    ...(auto_upload_tracking !== undefined ? { autoUploadTracking: auto_upload_tracking } : {}),
  });
}

/** The default sender must be one of the company's own senders, and still exist as it is set. */
export async function setDefaultSender(input: z.input<typeof BrandDefaultSender>) {
  assertAdmin();
  const { sender_id } = BrandDefaultSender.parse(input);
  if (!sender_id) return upsert({ defaultSenderId: null });
  if (!isID("sender", sender_id)) throw Sender.notFound();
  const tenantId = useTenantID();
  const result = await Database.transaction
    .write(({ sender, brand }) => [
      sender
        .check({ tenantId, senderId: sender_id })
        .where((attr, op) => op.exists(attr.senderId))
        .commit(),
      brand.update({ tenantId }).set({ defaultSenderId: sender_id }).commit(),
    ])
    .go();
  if (result.canceled) throw Sender.notFound();
  return (await get())!;
}

export async function setDefaultItemCategory(input: z.input<typeof BrandDefaultItemCategory>) {
  assertAdmin();
  const { item_category_id } = BrandDefaultItemCategory.parse(input);
  if (!item_category_id) return upsert({ defaultItemCategoryId: null });
  if (!isID("itemCategory", item_category_id)) throw ItemCategory.notFound();
  const tenantId = useTenantID();
  const result = await Database.transaction
    .write(({ itemCategory, brand }) => [
      itemCategory
        .check({ tenantId, itemCategoryId: item_category_id })
        .where((attr, op) => op.exists(attr.itemCategoryId))
        .commit(),
      brand.update({ tenantId }).set({ defaultItemCategoryId: item_category_id }).commit(),
    ])
    .go();
  if (result.canceled) throw ItemCategory.notFound();
  return (await get())!;
}

/** The default carrier needs an account of that carrier to print with or hand off to. */
export async function setDefaultCarrier(input: z.input<typeof BrandDefaultCarrier>) {
  assertAdmin();
  const { carrier } = BrandDefaultCarrier.parse(input);
  const tenantId = useTenantID();
  if (carrier === null) {
    await BrandEntity.update({ tenantId }).remove(["defaultCarrier"]).go();
    return (await get())!;
  }
  if (!(await CarrierAccount.defaultFor(carrier)))
    throw new RuleError(
      "brand.carrier_without_account",
      `${carrierLabels[carrier]}の契約情報がありません。先に「配送会社連携」で登録してください。`,
    );
  await BrandEntity.update({ tenantId }).set({ defaultCarrier: carrier }).go();
  return (await get())!;
}

export async function setPrintSettings(input: z.input<typeof BrandPrintSettings>) {
  const printSettings = BrandPrintSettings.parse(input);
  return upsert({ printSettings });
}
