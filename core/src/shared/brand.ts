import { z } from "zod";
import { requiredText } from "./fields";

export const carriers = ["japan_post", "sagawa", "yamato"] as const;
export type Carrier = (typeof carriers)[number];
export const carrierLabels: Record<Carrier, string> = {
  japan_post: "日本郵便",
  sagawa: "佐川急便",
  yamato: "ヤマト運輸",
};

export const papers = ["a4", "a5", "label_100x150"] as const;
export const paperLabels: Record<(typeof papers)[number], string> = {
  a4: "A4 普通紙",
  a5: "A5 普通紙",
  label_100x150: "ラベル用紙 100×150mm",
};
export const layouts = ["1up", "2up", "4up"] as const;
export const layoutLabels: Record<(typeof layouts)[number], string> = {
  "1up": "1面",
  "2up": "2面",
  "4up": "4面",
};

const offset = (label: string) =>
  z
    .number({ error: `${label}を数値で入力してください` })
    .min(-20, { error: `${label}は-20〜20mmで入力してください` })
    .max(20, { error: `${label}は-20〜20mmで入力してください` })
    .multipleOf(0.5, { error: `${label}は0.5mm単位で入力してください` });

export const CarrierPrintSetting = z
  .object({
    paper: z.enum(papers, { error: "用紙を選択してください" }),
    layout: z.enum(layouts, { error: "面付けを選択してください" }),
    offset_x_mm: offset("横方向の補正"),
    offset_y_mm: offset("縦方向の補正"),
  })
  .refine((s) => s.paper !== "label_100x150" || s.layout === "1up", {
    error: "ラベル用紙は1面のみ選択できます",
    path: ["layout"],
  })
  .refine((s) => s.paper !== "a5" || s.layout !== "4up", {
    error: "A5 用紙は4面に対応していません",
    path: ["layout"],
  });
export type CarrierPrintSetting = z.output<typeof CarrierPrintSetting>;

export const defaultPrintSetting: CarrierPrintSetting = {
  paper: "a4",
  layout: "2up",
  offset_x_mm: 0,
  offset_y_mm: 0,
};

export const BrandUpdate = z.object({ name: requiredText("ブランド名", 64) });
export const BrandDefaultSender = z.object({ sender_id: z.string().min(1).nullable() });
export const BrandDefaultItemCategory = z.object({ item_category_id: z.string().min(1).nullable() });
export const BrandPrintSettings = z.object({
  japan_post: CarrierPrintSetting,
  sagawa: CarrierPrintSetting,
  yamato: CarrierPrintSetting,
});
export type BrandPrintSettings = z.output<typeof BrandPrintSettings>;
