import { readFileSync } from "node:fs";
import { brotliDecompressSync } from "node:zlib";

/**
 * The index, brotli-compressed (core/scripts/build-postal-index.ts), in a data file beside this
 * module rather than in the code: a function bundle carries it as a file next to its handler
 * (stacks/module-files.ts), so the megabyte is neither parsed nor compiled at a cold start, and is
 * read only when a code is first looked up.
 */
export const postalIndexFile = new URL("./postal-index.br", import.meta.url);

/** One address of a postal code, as the lookup answers it (the shape of Geocoding's `Address`, declared here so the index depends on nothing above it). */
type Address = {
  postal_code: string;
  prefecture: string;
  prefecture_code: string;
  city: string;
  city_code: string;
  town: string;
  office: string;
};

/**
 * The postal index's text, before compression. Two blocks of tab-separated lines with an empty line
 * between them: the places (prefecture code, prefecture, city code, city), each once, then one line
 * per address in code order: the code, the place's line number in base 36, the town and the office.
 * Repeated names become small numbers, and the rest is left to brotli.
 */
export function encodePostalIndex(addresses: Address[]): string {
  const placeNumbers = new Map<string, number>();
  const lines = addresses.map((address) => {
    const place = [address.prefecture_code, address.prefecture, address.city_code, address.city].join("\t");
    let number = placeNumbers.get(place);
    if (number === undefined) {
      number = placeNumbers.size;
      placeNumbers.set(place, number);
    }
    return [address.postal_code, number.toString(36), address.town, address.office].join("\t");
  });
  return `${[...placeNumbers.keys()].join("\n")}\n\n${lines.join("\n")}`;
}

export function decodePostalIndex(text: string): Map<string, Address[]> {
  const [placeBlock = "", addressBlock = ""] = text.split("\n\n");
  const places = placeBlock.split("\n").map((line) => line.split("\t"));
  const byCode = new Map<string, Address[]>();
  for (const line of addressBlock.split("\n")) {
    const [postal_code = "", place = "", town = "", office = ""] = line.split("\t");
    const [prefecture_code = "", prefecture = "", city_code = "", city = ""] =
      places[parseInt(place, 36)] ?? [];
    const address = { postal_code, prefecture, prefecture_code, city, city_code, town, office };
    const known = byCode.get(postal_code);
    if (known) known.push(address);
    else byCode.set(postal_code, [address]);
  }
  return byCode;
}

export function readPostalIndex(): Map<string, Address[]> {
  return decodePostalIndex(brotliDecompressSync(readFileSync(postalIndexFile)).toString("utf8"));
}
