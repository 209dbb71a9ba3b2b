import type { Carrier } from "./carrier-names";
import { labelled } from "./labelled";

/**
 * The names and limits of carrier accounts, in a module without schemas: the 配送会社連携
 * screens draw their lists and forms with these, and carrier-account.ts (which re-exports
 * them) would bring zod and the phone metadata with it.
 */

export const { values: issuingModes, labels: issuingModeLabels } = labelled({
  self_printed: "自社で送り状を印刷（追跡番号の番号帯を使用）",
  handoff: "配送会社のソフトで発行（CSVで連携）",
});
export type IssuingMode = (typeof issuingModes)[number];

/** Below this many numbers left, the account warns that the carrier should assign a new range. */
export const LOW_ON_NUMBERS = 500;
/** A range the carrier assigns is at most this many numbers (a typo of one digit is not a range). */
export const MAX_RANGE_SIZE = 10_000_000;
export const MAX_RANGES_PER_ACCOUNT = 20;

/** The contract code as each carrier calls it, and whether an account needs one (Yamato and Sagawa bill to it). */
export const customerCodeRules = {
  yamato: { label: "ご請求先顧客コード", required: true },
  sagawa: { label: "お客様コード", required: true },
  japan_post: { label: "お客様番号", required: false },
} as const satisfies Record<Carrier, { label: string; required: boolean }>;

/** The message for a required contract code left empty, the same under the browser's field and in the API's answer. */
export const customerCodeMissing = (carrier: Carrier) =>
  `${customerCodeRules[carrier].label}を入力してください`;

/**
 * ゆうプリR 送り状種別 offered in the form (docs/carriers.md#japan-post-label-forms, Unconfirmed names as exporters
 * give them).
 */
export const japanPostFormCodes = {
  "1100780": "ゆうパックシート（A4・2宛分）",
  "1100784": "ゆうパックシート（A4・3宛分）",
  "1100785": "ゆうパックシート（A5）",
  "1150651": "ゆうパックラベル（元払A）",
  "1100661": "ゆうパックラベル（元払B）",
  "1100570": "ゆうパックサーマル（共用・L版）",
  "1100740": "代引ゆうパックラベル",
} as const;
