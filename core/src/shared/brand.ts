import { z } from "zod";
import { layoutFits, layouts, offsetRule, paperLayouts, papers } from "./brand-settings";
import { carriers } from "./carrier-names";
import { requiredText } from "./fields";

export {
  defaultUploadSettings,
  fittingLayout,
  type Layout,
  layoutFits,
  layoutLabels,
  layouts,
  offsetRule,
  type Paper,
  paperLabels,
  papers,
  uploadSettingLabels,
} from "./brand-settings";
export { type Carrier, carrierLabels, carriers } from "./carrier-names";

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
