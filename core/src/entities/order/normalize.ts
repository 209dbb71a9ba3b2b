import { codesOfAddress } from "../../address";
import { Geocoding } from "../../geocoding";
import { type ImportedOrder, ImportedPerson } from "../../platforms/imported-order";
import type { TimeSlot } from "../../shared/delivery";
import { normalizePhone } from "../../shared/phone";
import { formatPostalCode, hasUnsafeCharacters, normalizePostalCode, prefectures } from "../../shared/text";
import { fitIssues } from "./fit-check";
import type { OrderIssue, ShopOrderWrite, StoredPerson } from "./index";

/**
 * A platform order (as an adapter read it) into our order: the Japanese address split
 * and normalised, the phone and postal code in one shape, names family + given, the
 * requested slot in our slot code, and every problem a label would hit recorded as an
 * issue on the field it concerns, so the error tab tells the merchant what to fix.
 * Names are never NFKC-normalised: that would turn a customer's 神 (U+FA19) into 神.
 */

// The normaliser runs twice per order of every sync page (some 25 fields an order), so
// its patterns are compiled once here and each pass is skipped when it has nothing to do.
// biome-ignore lint/suspicious/noControlCharactersInRegex: shop text arrives with tabs and line breaks
const CONTROLS = /[\u0000-\u001F\u007F-\u009F]+/g;
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as CONTROLS and BIDI, tested at once
const CONTROLS_OR_BIDI = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
/** Half a character: what is left unsafe once controls and bidi marks are gone (shared/text.ts). */
const LONE_SURROGATE = /\p{Cs}/u;
const SPACE_RUNS = /[ \u3000]+/g;
/** A run of spaces to fold into one, or a space to trim: without them SPACE_RUNS and trim change nothing. */
const SPACES_TO_FOLD = /[ \u3000]{2}|^\s|\s$/;

/** One line of shop text: NFC, no controls or bidi marks, single spaces, trimmed. */
export function cleanLine(value: string): string {
  let text = value.normalize("NFC");
  if (CONTROLS_OR_BIDI.test(text)) text = text.replace(CONTROLS, " ").replace(BIDI, "");
  // A lone surrogate cannot be printed or encoded; drop it rather than the whole value.
  if (LONE_SURROGATE.test(text)) text = [...text].filter((ch) => !hasUnsafeCharacters(ch)).join("");
  if (!SPACES_TO_FOLD.test(text)) return text;
  return text.replace(SPACE_RUNS, (run) => (run.includes("\u3000") ? "\u3000" : " ")).trim();
}

const FULL_WIDTH_ALNUM = /[０-９Ａ-Ｚａ-ｚ]/g;

/** Full-width digits and Latin letters to ASCII (room numbers, block numbers). */
function halfWidthAlnum(value: string): string {
  return value.replace(FULL_WIDTH_ALNUM, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0));
}

const HYPHENS = "\\-－‐‑‒–—―−ーｰ";
const HYPHEN_BETWEEN_DIGITS = new RegExp(`(?<=\\d)\\s*[${HYPHENS}]\\s*(?=\\d)`, "g");
const IDEOGRAPHIC_SPACE = /\u3000/g;

/**
 * Block numbers as carriers read them: ASCII digits and `-` between numbers
 * (`千代田１－１` → `千代田1-1`, `3ー2ー5` → `3-2-5`). A long-vowel mark between
 * katakana (メゾンー) is not touched: only marks with a digit on both sides are hyphens.
 */
export function normalizeStreet(value: string): string {
  return halfWidthAlnum(cleanLine(value)).replace(HYPHEN_BETWEEN_DIGITS, "-").replace(IDEOGRAPHIC_SPACE, " ");
}

const HALF_WIDTH_KANA = /[\uFF61-\uFF9F]+/g;

/** Half-width katakana (ｶﾀｶﾅ) to full-width, voiced marks joined; other text unchanged. */
export function normalizeKana(value: string): string {
  return cleanLine(value).replace(HALF_WIDTH_KANA, (run) => run.normalize("NFKC"));
}

function prefectureAtStart(value: string): (typeof prefectures)[number] | undefined {
  return prefectures.find((name) => value.startsWith(name));
}

/** `東京` or `JP-13`-less names as customers type them; the full name when it is one. */
function matchPrefecture(value: string): (typeof prefectures)[number] | undefined {
  const text = cleanLine(value);
  if (!text) return undefined;
  const exact = prefectures.find((name) => name === text);
  if (exact) return exact;
  if (text === "北海") return undefined;
  return prefectures.find((name) => name.replace(/[都府県]$/, "") === text);
}

export type NormalizedPerson = { person: StoredPerson; issues: OrderIssue[] };

const PHONE_SEPARATORS = /[()（）\s]/g;

/** One person's address and contact, with the issues found, fields named `<role>.<wire field>`. */
export function normalizePerson(input: ImportedPerson, role: "customer" | "purchaser"): NormalizedPerson {
  const issues: OrderIssue[] = [];
  const field = (name: string) => `${role}.${name}`;

  const postal = normalizePostalCode(cleanLine(input.postalCode).replace(/^〒\s*/, ""));
  const candidates = postal ? Geocoding.addressesOf(postal) : [];

  let city = cleanLine(input.city);
  let address1 = normalizeStreet(input.address1);
  let prefecture: string | undefined = matchPrefecture(input.prefecture);
  // Customers often type the prefecture into the city field, or everything into address1.
  const typedInCity = prefectureAtStart(city);
  if (typedInCity) {
    prefecture ??= typedInCity;
    city = city.slice(typedInCity.length).trim();
  }
  const typedInStreet = !city ? prefectureAtStart(address1) : undefined;
  if (typedInStreet) {
    prefecture ??= typedInStreet;
    address1 = address1.slice(typedInStreet.length).trim();
  }
  if (!city) {
    const known = candidates.find((c) => address1.startsWith(c.city));
    if (known) {
      city = known.city;
      address1 = address1.slice(known.city.length).trim();
    }
  }
  if (!prefecture) {
    const fromPostal = [...new Set(candidates.map((c) => c.prefecture))];
    if (fromPostal.length === 1) prefecture = fromPostal[0];
  }

  const person: StoredPerson = {
    name: [cleanLine(input.familyName), cleanLine(input.givenName)].filter(Boolean).join(" "),
    nameKana: [normalizeKana(input.familyNameKana), normalizeKana(input.givenNameKana)]
      .filter(Boolean)
      .join(" "),
    company: cleanLine(input.company),
    postalCode: postal ?? cleanLine(input.postalCode),
    prefecture: prefecture ?? cleanLine(input.prefecture),
    city,
    address1,
    address2: normalizeStreet(input.address2),
    phone: cleanLine(input.phone),
  };

  if (!person.name) issues.push({ field: field("name"), message: "お届け先名がありません。" });
  if (!postal) {
    issues.push({
      field: field("postal_code"),
      message: `郵便番号「${person.postalCode}」は7桁の数字ではありません。`,
    });
  } else if (candidates.length === 0) {
    issues.push({
      field: field("postal_code"),
      message: `郵便番号 ${formatPostalCode(postal)} は存在しません。`,
    });
  }
  if (!prefecture) {
    issues.push({
      field: field("prefecture"),
      message: `都道府県「${person.prefecture}」を読み取れませんでした。`,
      ...(candidates[0] ? { suggestion: candidates[0].prefecture } : {}),
    });
  } else if (candidates.length > 0 && !candidates.some((c) => c.prefecture === prefecture)) {
    const where = [...new Set(candidates.map((c) => c.prefecture))].join("・");
    // Either may be the mistake: the address's own code is offered beside the code's prefecture.
    const own = codesOfAddress({ prefecture, city, address1 });
    issues.push({
      field: field("postal_code"),
      message: `郵便番号と都道府県が一致しません（${formatPostalCode(postal!)} は${where}の郵便番号です${own ? `。住所の郵便番号は ${own} です` : ""}）。`,
      suggestion: own ? `郵便番号 ${own} または 都道府県 ${where}` : where,
    });
  }
  if (!person.city) issues.push({ field: field("city"), message: "市区町村がありません。" });
  if (!person.address1) issues.push({ field: field("address1"), message: "町名・番地がありません。" });

  const phone = normalizePhone(halfWidthAlnum(person.phone).replace(PHONE_SEPARATORS, "-"));
  if (phone) {
    person.phone = phone;
  } else if (role === "customer") {
    issues.push({
      field: field("phone"),
      message: person.phone
        ? `電話番号「${person.phone}」は日本の電話番号として正しくありません。`
        : "電話番号がありません。",
    });
  }
  return { person, issues };
}

/**
 * The requested time as a shop's delivery-date app writes it (`午前中`, `14時～16時`,
 * `14-16`, `指定なし`) in our slot code; `""` for no time, undefined when unreadable.
 */
export function timeSlotFrom(text: string | null): TimeSlot | undefined {
  if (text === null) return "";
  const value = halfWidthAlnum(cleanLine(text)).replace(/\s/g, "");
  if (!value || /^(指定なし|なし|希望なし|指定しない|-)$/.test(value)) return "";
  if (/午前/.test(value)) return "0900";
  const range = value.match(/^(\d{1,2})(?::00|時)?[-~～〜―ー－−から]+(\d{1,2})(?::00|時)?(頃|まで)?$/);
  if (!range) return undefined;
  const from = Number(range[1]);
  const to = Number(range[2]);
  if (from === 8 && to === 12) return "0900";
  const slots: Record<number, TimeSlot> = { 12: "1200", 14: "1400", 16: "1600", 18: "1800", 19: "1900" };
  if (to - from === 2 && slots[from]) return slots[from];
  // Japan Post's 20–21 falls inside our 19–21 slot.
  if (from === 20 && to === 21) return "1900";
  return undefined;
}

const personFields = Object.keys(ImportedPerson.shape) as (keyof ImportedPerson)[];
const sameInput = (a: ImportedPerson, b: ImportedPerson) =>
  a === b || personFields.every((name) => a[name] === b[name]);

const samePerson = (a: StoredPerson, b: StoredPerson) =>
  a.name === b.name && a.postalCode === b.postalCode && a.address1 === b.address1;

/** A shop order, as the adapter read it, into the write of one sync step. */
export function normalizeOrder(
  order: ImportedOrder,
  shop: { shopId: string; shopUrl?: string },
): ShopOrderWrite {
  const customer = normalizePerson(order.recipient, "customer");
  // Most orders ship to the purchaser: the same input gives the same person (only the
  // issues differ by role, and the purchaser's are not kept), so it is normalised once.
  const purchaser = sameInput(order.purchaser, order.recipient)
    ? { person: { ...customer.person } }
    : normalizePerson(order.purchaser, "purchaser");
  const issues = [...customer.issues];

  const slot = timeSlotFrom(order.requestedTimeSlot);
  if (slot === undefined) {
    issues.push({
      field: "delivery.time_slot",
      message: `配達希望時間帯「${cleanLine(order.requestedTimeSlot ?? "")}」を読み取れませんでした。お届け設定で選び直してください。`,
    });
  }
  const write: ShopOrderWrite = {
    shopId: shop.shopId,
    platform: order.platform,
    platformOrderId: order.platformOrderId,
    orderNumber: cleanLine(order.orderNumber),
    purchasedAt: order.purchasedAt,
    platformUpdatedAt: order.platformUpdatedAt,
    platformStatus: order.cancelled ? "cancelled" : order.fulfillmentStatus,
    email: cleanLine(order.email).toLowerCase(),
    purchaser: purchaser.person,
    customer: customer.person,
    lineItems: order.lineItems.map((item) => ({
      platformLineItemId: item.platformLineItemId,
      sku: cleanLine(item.sku),
      name: cleanLine(item.name),
      quantity: item.quantity,
      unitPrice: item.unitPrice,
    })),
    totalAmount: order.totalAmount,
    codAmount: order.codAmount,
    requestedDeliveryDate: order.requestedDeliveryDate,
    requestedTimeSlot: slot ? slot : null,
    note: order.note.normalize("NFC"),
    isGift: !samePerson(customer.person, purchaser.person),
    issues: [...issues, ...fitIssues(customer.person, "customer")],
    fulfillmentOrders: order.fulfillmentOrders,
    ...(shop.shopUrl ? { shopUrl: shop.shopUrl } : {}),
  };
  return write;
}
