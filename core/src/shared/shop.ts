import { z } from "zod";

/**
 * A shop's import settings, shared by the API and the ストア管理 screens
 * (browser-safe): how far back the first import reaches, whether orders already
 * fulfilled in the shop are imported, and whether tracking numbers go back to the
 * shop (the spec's enumeration: none or shipping).
 */
export const trackingUploadModes = ["none", "shipping"] as const;

// Not coerced: `true` or "7" in a request is a mistake to refuse, not a number to guess.
const importDays = z
  .number({ error: "取り込み期間は日数で指定してください" })
  .int({ error: "取り込み期間は整数で指定してください" })
  .min(1, { error: "取り込み期間は1日以上で指定してください" })
  .max(60, { error: "取り込み期間は60日以内で指定してください" });

/** The stored settings, defaults filled in for a shop that has never changed them. */
export const ShopSettings = z.object({
  import_days: importDays.default(30),
  include_fulfilled: z.boolean().default(false),
  tracking_upload: z.enum(trackingUploadModes).default("shipping"),
});
export type ShopSettings = z.output<typeof ShopSettings>;

/** A change of some settings (and the display name): what is left out keeps its stored value. */
export const ShopSettingsUpdate = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: "表示名を入力してください" })
    .max(100, { error: "表示名は100文字以内で入力してください" })
    .optional(),
  import_days: importDays.optional(),
  include_fulfilled: z.boolean().optional(),
  tracking_upload: z.enum(trackingUploadModes).optional(),
});
