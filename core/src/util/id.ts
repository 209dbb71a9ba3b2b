import { ulid } from "ulid";

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
  credential: "cred",
  request: "req",
} as const;

export type IdKind = keyof typeof prefixes;

/** Prefixed ULIDs read well in logs and sort by creation time, which suits sort keys. */
export function createID(kind: IdKind): string {
  return `${prefixes[kind]}_${ulid()}`;
}

export function isID(kind: IdKind, value: string): boolean {
  return new RegExp(`^${prefixes[kind]}_[0-9A-HJKMNP-TV-Z]{26}$`).test(value);
}
