import {
  offeredReplacement,
  outsideJisX0208,
  toJisX0208Text,
  unencodableCharacters,
} from "../../carriers/text";
import { type Carrier, carrierLabels } from "../../shared/brand";
import type { OrderIssue, StoredPerson } from "../../shared/order";
import { sjisByteLength } from "../../shared/text";

/**
 * Whether a recipient fits the label fields of a carrier (docs/carriers.md#rules-for-every-carrier-file):
 * text a CP932 file can carry (known look-alikes such as 〜 and 𠮷 are replaced by the exporters, so only
 * what has no replacement is an issue), Yamato's JIS level 1/2 rule, and each carrier's byte limits.
 * Without a carrier, the checks every carrier shares.
 */

const labelFields = ["name", "company", "city", "address1", "address2"] as const;

/** Byte limits per carrier (Shift_JIS bytes): name, and the address lines as the layout splits them. */
const limits: Record<Carrier, { name: number; address: number; building: number }> = {
  // B2クラウド: 住所 64 bytes (都道府県+市区町村+番地), 建物 32 bytes, names 32.
  yamato: { name: 32, address: 64, building: 32 },
  // e飛伝: 住所１–３ 32 bytes each; the exporter carries overflow into the next line.
  sagawa: { name: 32, address: 64, building: 32 },
  // ゆうプリR: 住所１–３ 50 bytes each, names 50.
  japan_post: { name: 50, address: 100, building: 50 },
};

/**
 * The recipient's issues on a label. Issues that hold only for the given carrier carry
 * `carrier`, so choosing another carrier replaces them and keeps the rest.
 */
export function fitIssues(person: StoredPerson, role: "customer", carrier?: Carrier): OrderIssue[] {
  return [...characterIssues(person, role, carrier), ...lengthIssues(person, role, carrier)];
}

/**
 * The characters of the recipient's label fields no carrier file can carry, or (for Yamato)
 * outside JIS level 1/2, each with the one-click replacement when every one has a standard
 * form. Issues that hold only for Yamato carry `carrier`.
 */
export function characterIssues(person: StoredPerson, role: "customer", carrier?: Carrier): OrderIssue[] {
  const issues: OrderIssue[] = [];
  for (const name of labelFields) {
    const value = person[name];
    if (!value) continue;
    const field = `${role}.${name}`;
    const jisOnly = carrier === "yamato";
    // The merchant's one click: the field with the refused characters in their standard form.
    const replacement = offeredReplacement(value, jisOnly);
    const offered = replacement === undefined ? {} : { replacement };
    const bad = unencodableCharacters(value);
    if (bad.length) {
      issues.push({
        field,
        message: `送り状に印字できない文字があります（${bad.join("")}）。別の文字に置き換えてください。`,
        ...offered,
      });
      continue;
    }
    if (jisOnly) {
      // What B2クラウド's file writes without a word (① → 1) is not refused.
      const extended = outsideJisX0208(toJisX0208Text(value));
      if (extended.length) {
        issues.push({
          field,
          message: `ヤマト運輸の送り状ではJIS第1・第2水準以外の文字（${extended.join("")}）を使えません。`,
          carrier,
          ...offered,
        });
      }
    }
  }
  return issues;
}

/** The characters `characterIssues` refuses in the recipient's label fields, once each. */
export function refusedCharacters(person: StoredPerson, carrier?: Carrier): string[] {
  const found = new Set<string>();
  for (const name of labelFields) {
    const value = person[name];
    if (!value) continue;
    for (const ch of unencodableCharacters(value)) found.add(ch);
    if (carrier === "yamato") for (const ch of outsideJisX0208(toJisX0208Text(value))) found.add(ch);
  }
  return [...found];
}

/** The recipient's fields over the carrier's byte limits (none without a carrier). */
function lengthIssues(person: StoredPerson, role: "customer", carrier?: Carrier): OrderIssue[] {
  const issues: OrderIssue[] = [];
  if (carrier) {
    const limit = limits[carrier];
    const label = carrierLabels[carrier];
    if (sjisByteLength(person.name) > limit.name) {
      issues.push({
        field: `${role}.name`,
        message: `お届け先名が${label}の上限（全角${limit.name / 2}文字）を超えています。`,
        carrier,
      });
    }
    const address = `${person.prefecture}${person.city}${person.address1}`;
    if (sjisByteLength(address) > limit.address) {
      issues.push({
        field: `${role}.address1`,
        message: `住所（都道府県・市区町村・番地）が${label}の上限（全角${limit.address / 2}文字）を超えています。建物名の欄に移してください。`,
        carrier,
      });
    }
    if (sjisByteLength(person.address2) > limit.building) {
      issues.push({
        field: `${role}.address2`,
        message: `建物名・部屋番号が${label}の上限（全角${limit.building / 2}文字）を超えています。`,
        carrier,
      });
    }
  }
  return issues;
}
