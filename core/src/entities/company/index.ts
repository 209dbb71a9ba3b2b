export * as Company from "./index";

import { z } from "zod";
import { assertAdmin, useTenantID } from "../../actor";
import { AddressInfo, addressFromWire, addressToWire, assertPostalCode } from "../../address";
import { recordInfo, recordToWire } from "../../db/wire";
import { NotFoundError, RuleError } from "../../error";
import { CompanyUpdate } from "../../shared/company";
import { nextSetupStatus, type SetupStatus, setupStatuses } from "../../shared/setup-status";
import { CarrierAccount } from "../carrier-account";
import { Shop } from "../shop";
import { CompanyEntity, type CompanyItem } from "./entity";

export const Info = recordInfo("Company", {
  name: z.string(),
  name_kana: z.string(),
  ...AddressInfo,
  contact_name: z.string(),
  contact_email: z.string(),
  setup_status: z.enum(setupStatuses),
  features: z.object({ api_integration: z.boolean() }),
});
export type Info = z.infer<typeof Info>;

/** The wire shape: snake_case, the id named `id`. */
export function serialize(item: CompanyItem): Info {
  return recordToWire(item.tenantId, item, {
    name: item.name,
    name_kana: item.nameKana ?? "",
    ...addressToWire(item),
    contact_name: item.contactName ?? "",
    contact_email: item.contactEmail ?? "",
    setup_status: item.setupStatus,
    features: { api_integration: item.features?.apiIntegration ?? false },
  });
}

/** The signed-in actor's company. */
export async function get(): Promise<CompanyItem> {
  const tenantId = useTenantID();
  const { data } = await CompanyEntity.get({ tenantId }).go();
  if (!data) throw new NotFoundError("company.not_found", "会社情報が見つかりません。");
  return data;
}

/** 会社概要 update, by an administrator; the postal code must belong to the prefecture. */
export async function update(input: z.input<typeof CompanyUpdate>): Promise<CompanyItem> {
  assertAdmin();
  const tenantId = useTenantID();
  const value = CompanyUpdate.parse(input);
  await assertPostalCode(value);
  const { data } = await CompanyEntity.patch({ tenantId })
    .set({
      name: value.name,
      nameKana: value.name_kana,
      ...addressFromWire(value),
      contactName: value.contact_name,
      contactEmail: value.contact_email,
    })
    .go({ response: "all_new" });
  return data as CompanyItem;
}

/** A company profile is complete when everything a label's sender block needs is there. */
export function isProfileComplete(company: CompanyItem): boolean {
  return CompanyUpdate.safeParse(serialize(company)).success;
}

/** What must be true before the company may leave a setup step. */
const leaveStepChecks: Partial<Record<SetupStatus, (company: CompanyItem) => Promise<string | undefined>>> = {
  basic_information: async (company) =>
    isProfileComplete(company) ? undefined : "基本情報（会社名・住所・電話番号）を登録してください。",
  stores: async () =>
    (await Shop.hasActive()) ? undefined : "ストアを1つ以上連携してください（Shopify または ecforce）。",
  carriers: async () =>
    (await CarrierAccount.hasAny())
      ? undefined
      : "配送会社の契約情報を1件以上登録してください（日本郵便・佐川急便・ヤマト運輸）。",
};

export function registerSetupCheck(
  step: SetupStatus,
  check: (company: CompanyItem) => Promise<string | undefined>,
) {
  leaveStepChecks[step] = check;
}

export const SetupStatusUpdate = z.object({
  setup_status: z.enum(setupStatuses, { error: "初期設定のステップが正しくありません" }),
});

/**
 * Moves setup one step forward, and only when the current step's prerequisite is
 * met. Repeating the current move (a retry) is accepted; going back or skipping is not.
 */
export async function updateSetupStatus(input: z.input<typeof SetupStatusUpdate>): Promise<CompanyItem> {
  assertAdmin();
  const { setup_status: target } = SetupStatusUpdate.parse(input);
  const company = await get();
  if (company.setupStatus === target) return company;
  const next = nextSetupStatus(company.setupStatus);
  if (target !== next) {
    throw new RuleError("company.setup_status_order", "初期設定は順番に進めてください。");
  }
  const problem = await leaveStepChecks[company.setupStatus]?.(company);
  if (problem) throw new RuleError("company.setup_prerequisite", problem);
  const { data } = await CompanyEntity.patch({ tenantId: company.tenantId })
    .set({ setupStatus: target })
    .where((attr, op) => op.eq(attr.setupStatus, company.setupStatus))
    .go({ response: "all_new" });
  return data as CompanyItem;
}

/** The switches an operator turns per company; the merchant cannot. */
export const features = { api: "apiIntegration" } as const;
export type Feature = keyof typeof features;

/**
 * Turns a company's feature on or off: an operator's act (`npm run feature`), so it
 * names the company instead of reading the actor. Turning API連携 off ends the
 * company's access tokens at once (every call reads the switch).
 */
export async function setFeature(tenantId: string, feature: Feature, on: boolean): Promise<CompanyItem> {
  const { data: current } = await CompanyEntity.get({ tenantId }).go();
  if (!current) throw new NotFoundError("company.not_found", "会社情報が見つかりません。");
  const { data } = await CompanyEntity.patch({ tenantId })
    .set({ features: { ...current.features, [features[feature]]: on } })
    .go({ response: "all_new" });
  return data as CompanyItem;
}
