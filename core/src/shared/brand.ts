import { z } from "zod";
import { carriers } from "./carrier-names";
import { requiredText } from "./fields";
import { labelled } from "./labelled";

export { type Carrier, carrierLabels, carriers } from "./carrier-names";

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
const paperLayouts: Record<Paper, { layouts: readonly Layout[]; refusal: string }> = {
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

// Checked as whole steps (v / step is an integer), not with multipleOf: 1e-300 passes a
// floating-point multipleOf and then underflows where it is stored.
const offset = (label: string) =>
  z
    .number({ error: `${label}を数値で入力してください` })
    .min(offsetRule.min, { error: `${label}は${offsetRule.min}〜${offsetRule.max}mmで入力してください` })
    .max(offsetRule.max, { error: `${label}は${offsetRule.min}〜${offsetRule.max}mmで入力してください` })
    .refine((v) => Number.isInteger(v / offsetRule.step), {
      error: `${label}は${offsetRule.step}mm単位で入力してください`,
    });

export const CarrierPrintSetting = z
  .object({
    paper: z.enum(papers, { error: "用紙を選択してください" }),
    layout: z.enum(layouts, { error: "面付けを選択してください" }),
    offset_x_mm: offset("横方向の補正"),
    offset_y_mm: offset("縦方向の補正"),
  })
  .superRefine((s, context) => {
    if (!layoutFits(s.paper, s.layout)) {
      context.addIssue({ code: "custom", message: paperLayouts[s.paper].refusal, path: ["layout"] });
    }
  });
export type CarrierPrintSetting = z.output<typeof CarrierPrintSetting>;

export const defaultPrintSetting: CarrierPrintSetting = {
  paper: "a4",
  layout: "2up",
  offset_x_mm: 0,
  offset_y_mm: 0,
};

/**
 * What happens to tracking numbers after a label (issue 11): Shopify's own shipping
 * confirmation to the customer, and the upload right after the labels are issued.
 */
export const uploadSettingLabels = {
  notify_customer: "ストアからお客様に発送通知メールを送る",
  auto_upload_tracking: "送り状発行後に追跡番号を自動でストアへアップロードする",
} as const;
export const defaultUploadSettings = { notify_customer: true, auto_upload_tracking: false } as const;

/** PUT /brands: any of the brand's own fields; what is left out stays as it is. */
export const BrandUpdate = z
  .object({
    name: requiredText("ブランド名", 64).optional(),
    notify_customer: z
      .boolean({ error: "発送通知メールの設定は true か false で指定してください" })
      .optional(),
    auto_upload_tracking: z
      .boolean({ error: "自動アップロードの設定は true か false で指定してください" })
      .optional(),
  })
  .refine(
    (v) => v.name !== undefined || v.notify_customer !== undefined || v.auto_upload_tracking !== undefined,
    {
      error: "変更する項目を指定してください",
    },
  );
export const BrandDefaultSender = z.object({ sender_id: z.string().min(1).nullable() });
export const BrandDefaultItemCategory = z.object({ item_category_id: z.string().min(1).nullable() });
/** The carrier an order ships by when it names none (labels, bulk issue). */
export const BrandDefaultCarrier = z.object({
  carrier: z.enum(carriers, { error: "配送会社を選択してください" }).nullable(),
});
export const BrandPrintSettings = z.object({
  japan_post: CarrierPrintSetting,
  sagawa: CarrierPrintSetting,
  yamato: CarrierPrintSetting,
});
export type BrandPrintSettings = z.output<typeof BrandPrintSettings>;
