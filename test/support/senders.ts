import type { SenderInput } from "@okuru/core/shared/sender";
import type { z } from "zod";

/**
 * A 発送元 (sender) in the API's fields: a warehouse in 札幌市中央区 whose postal code,
 * 060-8588, is 北海道's, written with its hyphen as a merchant types it. Tests override
 * what they are about.
 */
export function senderFixture(
  overrides: Partial<z.input<typeof SenderInput>> = {},
): z.input<typeof SenderInput> {
  return {
    name: "札幌倉庫",
    company_name: "",
    postal_code: "060-8588",
    prefecture: "北海道",
    city: "札幌市中央区",
    address1: "北三条西6丁目",
    address2: "",
    phone: "011-231-4111",
    ...overrides,
  };
}
