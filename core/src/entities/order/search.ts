/**
 * Search tokens of an order and the parsing of a search box, in one place so that
 * what is written and what is looked up are normalised the same way.
 *
 * A token is `kind:value`; its shard is `kind:firstCharacter`, so a prefix query
 * (at least one character) always knows its one partition.
 */
export type TokenKind = "no" | "name" | "kana" | "tel" | "mail" | "zip" | "trk" | "pid";

export type SearchToken = { shard: string; token: string };

/** Katakana to hiragana, full-width ASCII to half-width, spaces removed, lower case. */
export function foldText(value: string): string {
  return value
    .normalize("NFKC")
    .replace(/[\u30A1-\u30F6]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0x60))
    .replace(/[\s\u3000]+/g, "")
    .toLowerCase();
}

const digitsOf = (value: string) => value.normalize("NFKC").replace(/\D/g, "");
const isKana = (value: string) => /^[\u3041-\u3096\u30FCー]+$/.test(value);

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
};

/** Every token an order is found by; duplicates removed. */
export function tokensOf(order: Searchable): SearchToken[] {
  const candidates = [
    token("no", digitsOf(order.orderNumber) || foldText(order.orderNumber)),
    ...order.names.flatMap((name) => [token("name", foldText(name))]),
    ...order.kanaNames.map((kana) => token("kana", foldText(kana))),
    ...order.phones.map((phone) => token("tel", digitsOf(phone))),
    ...order.emails.map((email) => token("mail", email.trim().toLowerCase())),
    ...order.postalCodes.map((zip) => token("zip", digitsOf(zip))),
    ...(order.trackingNumbers ?? []).map((number) => token("trk", digitsOf(number))),
    ...(order.platformOrderIds ?? []).map((id) => token("pid", id.split("/").pop() ?? id)),
  ];
  const seen = new Map<string, SearchToken>();
  for (const candidate of candidates) if (candidate) seen.set(candidate.token, candidate);
  return [...seen.values()];
}

/**
 * The prefix queries one search box value stands for: `#1001` only the order
 * number; digits the order number, phone, postal code and tracking number; an
 * address with `@` the e-mail; kana the reading (and the name, since names may be
 * written in kana); other ASCII the name and the e-mail; anything else the name.
 */
export function queriesFor(search: string): SearchToken[] {
  const raw = search.trim();
  if (!raw) return [];
  if (/^[#＃]/.test(raw)) return [token("no", digitsOf(raw) || foldText(raw.slice(1)))].filter(isToken);
  const digits = digitsOf(raw);
  if (digits && /^[\d\s\-－‐―ー()（）+＋]+$/.test(raw.normalize("NFKC"))) {
    return (["no", "tel", "zip", "trk"] as const).map((kind) => token(kind, digits)).filter(isToken);
  }
  const folded = foldText(raw);
  if (raw.includes("@")) return [token("mail", raw.toLowerCase())].filter(isToken);
  // E-mail addresses are ASCII in practice, so a search in kanji is not looked up among
  // them: one query fewer for the commonest search, a customer's name.
  const kinds: TokenKind[] = isKana(folded)
    ? ["kana", "name"]
    : /^[\x21-\x7e]+$/.test(raw)
      ? ["name", "mail"]
      : ["name"];
  return kinds.map((kind) => token(kind, kind === "mail" ? raw.toLowerCase() : folded)).filter(isToken);
}

/** The exact lookup of a platform order id (not a prefix: `123` must not find `1234`). */
export function platformIdQuery(platformOrderId: string): SearchToken | undefined {
  return token("pid", `${platformOrderId.split("/").pop() ?? platformOrderId}`);
}

const isToken = (value: SearchToken | undefined): value is SearchToken => value !== undefined;
