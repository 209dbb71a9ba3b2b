import type { SearchToken } from "./search";

/**
 * The tokens version 1 of the search wrote (before 異体字 folding, given names, companies,
 * towns and items), kept only so that an order still indexed by them has exactly those
 * deleted when it is rewritten or erased (search-tokens.ts `priorTokensOf`). Remove
 * once every company has been reindexed (search-reindex.ts).
 */
export function legacyTokensOf(order: {
  orderNumber: string;
  names: string[];
  kanaNames: string[];
  phones: string[];
  emails: string[];
  postalCodes: string[];
  platformOrderIds: string[];
}): SearchToken[] {
  const fold = (value: string) =>
    value
      .normalize("NFKC")
      .replace(/[\u30A1-\u30F6]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0x60))
      .replace(/[\s\u3000]+/g, "")
      .toLowerCase();
  const digits = (value: string) => value.normalize("NFKC").replace(/\D/g, "");
  const token = (kind: string, value: string): SearchToken | undefined => {
    const trimmed = value.slice(0, 64);
    return trimmed ? { shard: `${kind}:${[...trimmed][0]}`, token: `${kind}:${trimmed}` } : undefined;
  };
  const candidates = [
    token("no", digits(order.orderNumber) || fold(order.orderNumber)),
    ...order.names.map((name) => token("name", fold(name))),
    ...order.kanaNames.map((kana) => token("kana", fold(kana))),
    ...order.phones.map((phone) => token("tel", digits(phone))),
    ...order.emails.map((email) => token("mail", email.trim().toLowerCase())),
    ...order.postalCodes.map((zip) => token("zip", digits(zip))),
    ...order.platformOrderIds.map((id) => token("pid", id.split("/").pop() ?? id)),
  ];
  const seen = new Map<string, SearchToken>();
  for (const candidate of candidates) if (candidate) seen.set(candidate.token, candidate);
  return [...seen.values()];
}
