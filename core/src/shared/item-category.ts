import { z } from "zod";
import { optionalText, requiredText } from "./fields";

/**
 * 備考欄設定: the 品名 and 荷扱い printed on labels. 品名 fits Sagawa's 32-byte
 * 品名 field (the strictest), 荷扱い Yamato's 20-byte 荷扱い fields.
 */
export const ItemCategoryInput = z.object({
  name: requiredText("品名", 32),
  handling1: optionalText("荷扱い1", 20),
  handling2: optionalText("荷扱い2", 20),
});
export type ItemCategoryInput = z.output<typeof ItemCategoryInput>;

export { handlingSuggestions } from "./handling-suggestions";
