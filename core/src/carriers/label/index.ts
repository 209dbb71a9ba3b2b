export { type CodabarBars, codabarBars } from "./codabar";
export { type LabelField, type LabelFields, labelFields } from "./fields";
export { carrierLayouts, type LabelLayout, labelSize } from "./layouts";
export { LabelDocument, renderLabels } from "./render";
export { paperSizes, type Sheet, sheetOf } from "./sheet";
export type { LabelParcel, LabelParty, LabelPrintSettings } from "./types";
