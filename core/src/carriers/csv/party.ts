import { byteLimitText, type ExtensionPlace, Fitter } from "./fit";
import { writtenByteLength } from "./formula";
import type { Segment } from "./lines";

/**
 * The お届け先 and ご依頼主 blocks every layout has: the same pieces, fields and Japanese
 * labels, laid into each carrier's own line widths.
 */

/** Whose columns: the recipient (`customer.*` fields) or the sender (`sender.*`). */
export type Party = "customer" | "sender";

/** The word for the party in reasons: お届け先住所, ご依頼主電話番号… */
export const partyLabels: Record<Party, string> = { customer: "お届け先", sender: "ご依頼主" };

export interface Place {
  prefecture: string;
  city: string;
  address1: string;
  address2: string;
}

/**
 * An address as pieces for `Fitter.lines`: 都道府県, 市区町村 and 町域・番地 run on, the
 * building preferably on a line of its own. `cityLine` also prefers a break before
 * 町域・番地, for layouts whose 住所１ is 都道府県 + 市区町村.
 */
export function addressSegments(place: Place, cityLine = false): Segment[] {
  return [
    { text: place.prefecture, joiner: "" },
    { text: place.city, joiner: "" },
    { text: place.address1, joiner: "", preferBreak: cityLine },
    { text: place.address2, joiner: " ", preferBreak: true },
  ];
}

/** The party's address over the carrier's address lines (`limits` bytes each). */
export function fitAddress(
  f: Fitter,
  party: Party,
  place: Place,
  limits: number[],
  options: { cityLine?: boolean; label?: string; after?: Segment[] } = {},
): string[] {
  return f.lines(
    `${party}.address1`,
    options.label ?? `${partyLabels[party]}住所`,
    [...addressSegments(place, options.cityLine), ...(options.after ?? [])],
    limits,
    "address",
  );
}

/**
 * Company (and department) and the person's name over the carrier's 名称１・名称２ pair (e飛伝Ⅲ,
 * ゆうプリR), the name preferably on a line after the company. What is too long for 名称１
 * carries on in 名称２ (docs/carriers.md#names-over-two-columns); held, naming both columns and
 * their width, only when the whole does not fit.
 */
export function fitNames(
  f: Fitter,
  party: Party,
  person: { company: string; name: string },
  limits: number[],
): string[] {
  return f.lines(
    `${party}.name`,
    `${partyLabels[party]}名（会社名・名前）`,
    [
      { text: person.company, joiner: "" },
      { text: person.name, joiner: " ", preferBreak: true },
    ],
    limits,
    "name",
    `${partyLabels[party]}名称１・２`,
  );
}

/**
 * ご依頼主 in a carrier's single name column (B2's ご依頼主名): the company and the person when
 * both fit, else the company alone (what the carrier and the recipient know a shop by), else
 * the person alone, with a warning naming what was left out. Held with the limit only when
 * nothing fits.
 */
export function fitSenderName(
  f: Fitter,
  person: { company: string; name: string },
  maxBytes: number,
): string {
  const both = [person.company, person.name].filter(Boolean).join(" ");
  const trial = new Fitter(f.rules);
  const fits = (text: string) => {
    const written = trial.text("sender.name", "", text);
    return written !== "" && writtenByteLength(written) <= maxBytes;
  };
  const label = "ご依頼主名";
  if (!both || fits(both)) return f.line("sender.name", label, both, maxBytes, true);
  const alone = [person.company, person.name].find((part) => part && fits(part));
  if (!alone) return f.line("sender.name", "ご依頼主の会社名・名前", both, maxBytes, true);
  f.warn(
    "sender.name",
    `ご依頼主名は${f.rules.name}の上限（${byteLimitText(maxBytes)}）に会社名と名前が収まらないため、${alone === person.company ? "会社名" : "名前"}だけを出力しました。`,
  );
  return f.line("sender.name", label, alone, maxBytes, true);
}

/**
 * The party's phone number, required, in at most `maxLength` characters; an extension goes
 * where `placeExtension` puts it, else it is left out (a warning says which).
 */
export function fitPhone(
  f: Fitter,
  party: Party,
  phone: string,
  maxLength: number,
  placeExtension?: ExtensionPlace,
): string {
  return f.phone(`${party}.phone`, `${partyLabels[party]}電話番号`, phone, maxLength, true, placeExtension);
}

/** The party's postal code as 123-4567, required. */
export function fitPostalCode(f: Fitter, party: Party, postalCode: string): string {
  return f.postalCode(`${party}.postalCode`, `${partyLabels[party]}郵便番号`, postalCode, true);
}

/**
 * 荷扱い1 and 荷扱い2 fitted to `maxBytes` each (reasons for both first), the blank ones
 * left out: the layouts that carry handling as marks decide per text what becomes a mark.
 */
export function fitHandlings(
  f: Fitter,
  delivery: { handling1: string; handling2: string },
  maxBytes: number,
): string[] {
  return [
    f.line("delivery.handling1", "荷扱い1", delivery.handling1, maxBytes),
    f.line("delivery.handling2", "荷扱い2", delivery.handling2, maxBytes),
  ].filter((text) => text !== "");
}
