import { foldKanjiVariants } from "../../shared/kanji-variants";

/**
 * Search tokens of an order and the parsing of a search box, in one place so that
 * what is written and what is looked up are normalised the same way.
 *
 * A token is `kind:value`; its shard is `kind:firstCharacter`, so a prefix query
 * (at least one character) always knows its one partition.
 */
export type TokenKind =
  | "no"
  | "name"
  | "kana"
  | "tel"
  | "mail"
  | "zip"
  | "trk"
  | "pid"
  | "co"
  | "addr"
  | "item"
  | "sku";

export type SearchToken = {
  shard: string;
  token: string;
  /**
   * Set on tokens an order may or may not have in the index (one written by an older
   * version of the search): deleted when absent from the new set, but never taken as
   * already written (search-tokens.ts `tokenChanges`).
   */
  unsure?: true;
};

/**
 * The version of the tokens `tokensOf` writes. An order carries the version its tokens
 * were written with (`searchVersion`); one with an older version is rewritten by the
 * reindex (search-reindex.ts) or its next write.
 */
export const SEARCH_TOKEN_VERSION = 2;

/**
 * The most tokens one order writes (each is a write when it changes): up to 18 for the
 * order's number, people and contacts, 5 for the recipient's company and town, 16 for
 * its first MAX_ITEMS line items (name and SKU). A usual order (one recipient who is
 * also the buyer, two items) writes about 17.
 */
export const MAX_TOKENS_PER_ORDER = 40;
const MAX_ITEMS = 8;

/** 異体字 to their common form, widths by NFKC, katakana to hiragana, spaces removed, lower case. */
export function foldText(value: string): string {
  return foldKanjiVariants(value.normalize("NFKC"))
    .replace(/[\u30A1-\u30F6]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0x60))
    .replace(/[\s\u3000]+/g, "")
    .toLowerCase();
}

const digitsOf = (value: string) => value.normalize("NFKC").replace(/\D/g, "");
const isKana = (value: string) => /^[\u3041-\u3096\u30FCー]+$/.test(value);

/** The words of a name as stored (「姓 名」, half- or full-width space). */
const wordsOf = (value: string) => value.normalize("NFKC").split(/\s+/).filter(Boolean);

/** The legal forms a company name is written with, before or after the name itself. */
const LEGAL_FORM =
  /^(株式会社|有限会社|合同会社|合資会社|合名会社|一般社団法人|一般財団法人|公益社団法人|公益財団法人|特定非営利活動法人|医療法人|学校法人|\(株\)|\(有\)|\(同\))|(株式会社|有限会社|合同会社|\(株\)|\(有\)|\(同\))$/g;

function token(kind: TokenKind, value: string): SearchToken | undefined {
  const trimmed = value.slice(0, 64);
  if (!trimmed) return undefined;
  return { shard: `${kind}:${[...trimmed][0]}`, token: `${kind}:${trimmed}` };
}

export type Searchable = {
  orderNumber: string;
  names: string[];
  kanaNames: string[];
  phones: string[];
  emails: string[];
  postalCodes: string[];
  trackingNumbers?: string[];
  /**
   * The platform's own order id (Shopify's numeric id), for the shopify_order_id filter of
   * docs/requirements.md#api-calls.
   */
  platformOrderIds?: string[];
  companies?: string[];
  /** The recipient's address: its prefecture, city (市区町村) and the rest (町名・番地). */
  addresses?: { prefecture: string; city: string; address1: string }[];
  lineItems?: { name: string; sku: string }[];
};

/** A name whole (found by its start) and each later word alone: 「山田 陽翔」 is found by 陽翔 too. */
const nameTokens = (kind: "name" | "kana", name: string) => [
  token(kind, foldText(name)),
  ...wordsOf(name)
    .slice(1, 3)
    .map((word) => token(kind, foldText(word))),
];

/** A company whole and without its legal form: 有限会社まるや製菓 is found by まるや製菓. */
const companyTokens = (company: string) => {
  const folded = foldText(company);
  return [token("co", folded), token("co", folded.replace(LEGAL_FORM, ""))];
};

/**
 * An address by its city (横浜市中区, also from the prefecture: 神奈川県横浜市) and its
 * town (the 町名 before the block number: 山下町), each found by its start.
 */
const addressTokens = (address: { prefecture: string; city: string; address1: string }) => {
  const town = foldText(address.address1).replace(/[0-9０-９-].*$/u, "");
  return [
    token("addr", foldText(address.city)),
    token("addr", foldText(address.prefecture + address.city)),
    token("addr", town),
  ];
};

/** Every token an order is found by; duplicates removed, at most MAX_TOKENS_PER_ORDER. */
export function tokensOf(order: Searchable): SearchToken[] {
  const candidates = [
    token("no", digitsOf(order.orderNumber) || foldText(order.orderNumber)),
    ...(order.platformOrderIds ?? []).map((id) => token("pid", id.split("/").pop() ?? id)),
    ...order.names.flatMap((name) => nameTokens("name", name)),
    ...order.kanaNames.flatMap((kana) => nameTokens("kana", kana)),
    ...order.phones.map((phone) => token("tel", digitsOf(phone))),
    ...order.emails.map((email) => token("mail", email.trim().toLowerCase())),
    ...order.postalCodes.map((zip) => token("zip", digitsOf(zip))),
    ...(order.trackingNumbers ?? []).map((number) => token("trk", digitsOf(number))),
    ...(order.companies ?? []).flatMap(companyTokens),
    ...(order.addresses ?? []).flatMap(addressTokens),
    ...(order.lineItems ?? [])
      .slice(0, MAX_ITEMS)
      .flatMap((item) => [token("item", foldText(item.name)), token("sku", foldText(item.sku))]),
  ];
  const seen = new Map<string, SearchToken>();
  for (const candidate of candidates) {
    if (candidate && seen.size < MAX_TOKENS_PER_ORDER) seen.set(candidate.token, candidate);
  }
  return [...seen.values()];
}

/**
 * The prefix queries one search box word stands for: `#1001` only the order number;
 * digits the order number, phone, postal code and tracking number; an address with
 * `@` the e-mail; kana the reading (and the name, company, town and item, which may be
 * written in kana); other ASCII the name, e-mail, SKU, company and item; anything else
 * the name, company, town and item.
 */
export function queriesFor(search: string): SearchToken[] {
  const raw = search.trim();
  if (!raw) return [];
  if (/^[#＃]/.test(raw)) return [token("no", digitsOf(raw) || foldText(raw.slice(1)))].filter(isToken);
  const digits = digitsOf(raw);
  if (digits && isNumberLike(raw)) {
    return (["no", "tel", "zip", "trk"] as const).map((kind) => token(kind, digits)).filter(isToken);
  }
  const folded = foldText(raw);
  if (raw.includes("@")) return [token("mail", raw.toLowerCase())].filter(isToken);
  // E-mail addresses and SKUs are ASCII in practice, so a search in kanji is not looked up
  // among them: fewer queries for the commonest search, a customer's name.
  const kinds: TokenKind[] = isKana(folded)
    ? ["kana", "name", "co", "addr", "item"]
    : /^[\x21-\x7e]+$/.test(raw)
      ? ["name", "mail", "sku", "co", "item"]
      : ["name", "co", "addr", "item"];
  return kinds.map((kind) => token(kind, kind === "mail" ? raw.toLowerCase() : folded)).filter(isToken);
}

const isNumberLike = (value: string) => /^[\d\s\-－‐―ー()（）+＋]+$/.test(value.normalize("NFKC"));

/**
 * The queries of a search box with several words (山田 横浜), one group per word: an
 * order is found when each group finds it. A number typed with spaces (090 1234 5678)
 * stays one word.
 */
export function queryGroupsFor(search: string): SearchToken[][] {
  const raw = search.trim();
  if (!raw || isNumberLike(raw)) return [queriesFor(raw)].filter((group) => group.length > 0);
  return raw
    .split(/[\s\u3000]+/)
    .slice(0, 5)
    .map(queriesFor)
    .filter((group) => group.length > 0);
}

/** The exact lookup of a platform order id (not a prefix: `123` must not find `1234`). */
export function platformIdQuery(platformOrderId: string): SearchToken | undefined {
  return token("pid", `${platformOrderId.split("/").pop() ?? platformOrderId}`);
}

const isToken = (value: SearchToken | undefined): value is SearchToken => value !== undefined;
