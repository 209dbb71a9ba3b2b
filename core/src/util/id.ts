import { createHash } from "node:crypto";
import { encodeTime, ulid } from "ulid";

const prefixes = {
  company: "com",
  user: "usr",
  sender: "snd",
  itemCategory: "icat",
  brand: "brd",
  shop: "shop",
  order: "ord",
  shipment: "shp",
  label: "lbl",
  labelJob: "job",
  carrierAccount: "car",
  trackingRange: "rng",
  export: "exp",
  import: "imp",
  credential: "cred",
  webhookEndpoint: "whk",
  webhookDelivery: "whd",
  webhookEvent: "evt",
  request: "req",
} as const;

export type IdKind = keyof typeof prefixes;
/** What every id of ours starts with before its underscore (`snd`, `ord`, …). */
export type IdPrefix = (typeof prefixes)[IdKind];

/** Prefixed ULIDs read well in logs and sort by creation time, which suits sort keys. */
export function createID(kind: IdKind): string {
  return `${prefixes[kind]}_${ulid()}`;
}

export function isID(kind: IdKind, value: string): boolean {
  return new RegExp(`^${prefixes[kind]}_[0-9A-HJKMNP-TV-Z]{26}$`).test(value);
}

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * A prefixed ULID derived from a time and a natural key instead of randomness: the
 * same key always gives the same id, so writing "the order of this shop with this
 * platform id" twice (a webhook racing a scheduled sync, a redelivered message) hits
 * one item, and the id still sorts by time.
 */
export function idFor(kind: IdKind, timeMs: number, naturalKey: string): string {
  const digest = createHash("sha256").update(naturalKey).digest();
  let random = "";
  let bits = 0;
  let value = 0;
  for (const byte of digest) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && random.length < 16) {
      random += CROCKFORD[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    if (random.length === 16) break;
    value &= (1 << bits) - 1;
  }
  return `${prefixes[kind]}_${encodeTime(Math.max(0, Math.trunc(timeMs)), 10)}${random}`;
}
