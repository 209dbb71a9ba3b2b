import { type Carrier, carriers } from "./carrier-names";

/**
 * Parcel tracking numbers of Yamato, Sagawa and Japan Post (docs/carriers.md#tracking-numbers): 12 digits
 * whose last digit is the first 11 read as one integer, mod 7. The one definition the
 * label issue (numbers from a carrier-assigned range), the issued-data import and the
 * range validation of carrier accounts all use.
 */

/** The label carriers, Yamato first: the order shipments have always listed them in. */
export const parcelCarriers = [...carriers].reverse() as [Carrier, ...Carrier[]];
export type ParcelCarrier = Carrier;

/** The mod-7 check digit of an 11-digit serial. */
export function checkDigit(serial: string): number {
  if (!/^\d{11}$/.test(serial)) throw new RangeError(`serial must be 11 digits: ${serial}`);
  let rest = 0;
  for (const ch of serial) rest = (rest * 10 + (ch.charCodeAt(0) - 48)) % 7;
  return rest;
}

/** The 12-digit number of an 11-digit serial (given as a string or a safe integer). */
export function trackingNumberOf(serial: string | number): string {
  const digits = typeof serial === "number" ? String(serial).padStart(11, "0") : serial;
  return `${digits}${checkDigit(digits)}`;
}

/**
 * The number as carriers print it and merchants type it, reduced to its 12 digits:
 * full-width digits, hyphens of every kind and spaces are accepted. Null when it is
 * not 12 digits with a correct check digit.
 */
export function parseTrackingNumber(raw: string): string | null {
  const digits = raw.normalize("NFKC").replace(/[\s\-‐‑‒–—―−ー]/g, "");
  if (!/^\d{12}$/.test(digits)) return null;
  return checkDigit(digits.slice(0, 11)) === Number(digits[11]) ? digits : null;
}

export function isValidTrackingNumber(raw: string): boolean {
  return parseTrackingNumber(raw) !== null;
}

/** 4-4-4, the way labels and the carriers' tracking pages show the number. */
export function formatTrackingNumber(number: string): string {
  return `${number.slice(0, 4)}-${number.slice(4, 8)}-${number.slice(8)}`;
}

/**
 * The NW-7 (Codabar) content printed under the number (docs/carriers.md#label-barcodes; the start and
 * stop characters are Unconfirmed against the carriers' label specs): Yamato `a…a`,
 * Japan Post `A…A`, Sagawa `A…A`, or `D…D` for a multi-piece parcel.
 */
export function codabarOf(carrier: ParcelCarrier, number: string, multiPiece = false): string {
  const guard = carrier === "yamato" ? "a" : carrier === "sagawa" && multiPiece ? "D" : "A";
  return `${guard}${number}${guard}`;
}
