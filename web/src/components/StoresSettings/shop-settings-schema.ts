import { carriers } from "@okuru/core/shared/carrier-names";
import { ShopSettingsUpdate } from "@okuru/core/shared/shop";
import { z } from "zod";

/**
 * The ストアの設定 dialog's schema, reached only through its dynamic import
 * (ShopSettingsModal): the API's own rules and messages, every field required in the
 * dialog; an ecforce shop also sends its delivery-company mapping (checked by the API
 * against the shop).
 */
export const ShopSettingsInput = ShopSettingsUpdate.required().extend({
  carrier_mapping: z.partialRecord(z.enum(carriers), z.string().nullable()).optional(),
});
