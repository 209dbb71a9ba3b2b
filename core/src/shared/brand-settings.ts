import { labelled } from "./labelled";

/**
 * A brand's print and upload settings as the 会社概要 tab draws them (papers, layouts and
 * their labels, the offset grid, which layouts fit which paper), in a module without
 * schemas: brand.ts, which checks them, would bring zod and the phone metadata with them.
 */
export const { values: papers, labels: paperLabels } = labelled({
  a4: "A4 普通紙",
  a5: "A5 普通紙",
  label_100x150: "ラベル用紙 100×150mm",
});
export const { values: layouts, labels: layoutLabels } = labelled({
  "1up": "1面",
  "2up": "2面",
  "4up": "4面",
});

export type Paper = (typeof papers)[number];
export type Layout = (typeof layouts)[number];

/** The layouts each paper takes, and why another is refused (the schema and the form read this alike). */
export const paperLayouts: Record<Paper, { layouts: readonly Layout[]; refusal: string }> = {
  a4: { layouts, refusal: "" },
  a5: { layouts: ["1up", "2up"], refusal: "A5 用紙は4面に対応していません" },
  label_100x150: { layouts: ["1up"], refusal: "ラベル用紙は1面のみ選択できます" },
};

export const layoutFits = (paper: Paper, layout: Layout) => paperLayouts[paper].layouts.includes(layout);

/** The layout a paper changes to when the chosen one does not fit it: 2面 where it can, else its only one. */
export const fittingLayout = (paper: Paper): Layout =>
  layoutFits(paper, "2up") ? "2up" : paperLayouts[paper].layouts[0]!;

/** Print offsets: whole steps of 0.5 mm within ±20 mm (the one definition the form reads too). */
export const offsetRule = { min: -20, max: 20, step: 0.5 } as const;

/**
 * What happens to tracking numbers after a label (issue 11): Shopify's own shipping
 * confirmation to the customer, and the upload right after the labels are issued.
 */
export const uploadSettingLabels = {
  notify_customer: "ストアからお客様に発送通知メールを送る",
  auto_upload_tracking: "送り状発行後に追跡番号を自動でストアへアップロードする",
} as const;
export const defaultUploadSettings = { notify_customer: true, auto_upload_tracking: false } as const;
