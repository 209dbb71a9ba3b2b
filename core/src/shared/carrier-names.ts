import { labelled } from "./labelled";

/**
 * The carriers a label is issued with, in a module without schemas: the web app's routes
 * read them before any page is drawn, and brand.ts would bring zod with them.
 */
export const { values: carriers, labels: carrierLabels } = labelled({
  japan_post: "日本郵便",
  sagawa: "佐川急便",
  yamato: "ヤマト運輸",
});
export type Carrier = (typeof carriers)[number];
