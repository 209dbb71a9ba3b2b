import { normalizePerson } from "@okuru/core/entities/order/normalize";
import { Geocoding } from "@okuru/core/geocoding";
import { prefectures } from "@okuru/core/shared/text";
import { describe, expect, it } from "vitest";
import type { SeedOrder, SeedPerson } from "../../../dev/src/simulators/seed-order";
import { ADDRESSES, DELIVERY_TIMES, generateSeedOrders } from "../../../dev/src/simulators/seed-orders";

const now = new Date("2026-11-20T05:03:00Z");
const orders = generateSeedOrders({ count: 500, seed: 42, now });
const people = (list: SeedOrder[]): SeedPerson[] =>
  list.flatMap((order) => [order.purchaser, order.recipient]);

/** Full-width digits to ASCII, then only the digits. */
const digits = (text: string) =>
  text.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0)).replace(/\D/g, "");

const ALL_PREFECTURES: readonly string[] = prefectures;

/** A fraction of the orders, for "about N%" checks. */
const share = (predicate: (order: SeedOrder) => boolean) => orders.filter(predicate).length / orders.length;

describe("generateSeedOrders", () => {
  it("is deterministic for a seed and differs between seeds", () => {
    expect(generateSeedOrders({ count: 500, seed: 42, now })).toEqual(orders);
    expect(generateSeedOrders({ count: 500, seed: 43, now })).not.toEqual(orders);
  });

  it("numbers the orders consecutively from firstNumber (1001 by default)", () => {
    expect(orders.map((order) => order.number)).toEqual(Array.from({ length: 500 }, (_, i) => 1001 + i));
    const ecforce = generateSeedOrders({ count: 5, seed: 1, now, firstNumber: 50001 });
    expect(ecforce.map((order) => order.number)).toEqual([50001, 50002, 50003, 50004, 50005]);
    expect(generateSeedOrders({ count: 0, seed: 1, now })).toEqual([]);
  });

  it("creates them in ascending order in JST within the last daysBack days", () => {
    for (const [list, daysBack] of [
      [orders, 30],
      [generateSeedOrders({ count: 300, seed: 7, now, daysBack: 3 }), 3],
      [generateSeedOrders({ count: 1, seed: 7, now, daysBack: 1 }), 1],
    ] as const) {
      const times = list.map((order) => {
        expect(order.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/);
        return Date.parse(order.createdAt);
      });
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(Math.min(...times)).toBeGreaterThanOrEqual(now.getTime() - daysBack * 86_400_000);
      expect(Math.max(...times)).toBeLessThanOrEqual(now.getTime());
    }
    // Spread over the window, not bunched at one end.
    const first = Date.parse(orders[0]!.createdAt);
    const last = Date.parse(orders.at(-1)!.createdAt);
    expect(last - first).toBeGreaterThan(29 * 86_400_000);
  });

  it("reaches all 47 prefectures within 500 orders, whatever the seed", () => {
    for (const seed of [42, 1, 2026, 2027]) {
      const list = seed === 42 ? orders : generateSeedOrders({ count: 500, seed, now });
      const seen = new Set(list.map((order) => order.purchaser.prefecture));
      expect([...seen].sort()).toEqual([...ALL_PREFECTURES].sort());
    }
  });

  it("has a table with every prefecture, more entries for the big ones", () => {
    const perPrefecture = new Map<string, number>();
    for (const [, prefecture] of ADDRESSES)
      perPrefecture.set(prefecture, (perPrefecture.get(prefecture) ?? 0) + 1);
    expect([...perPrefecture.keys()].sort()).toEqual([...ALL_PREFECTURES].sort());
    for (const big of ["東京都", "大阪府", "京都府", "北海道"])
      expect(perPrefecture.get(big)).toBeGreaterThanOrEqual(4);
    expect(new Set(ADDRESSES.map(([postal]) => postal)).size).toBe(ADDRESSES.length);
  });

  it("uses postal codes that Japan Post gives to the table's prefecture, city and town", () => {
    for (const [postal, prefecture, city, town] of ADDRESSES) {
      expect(postal, postal).toMatch(/^\d{7}$/);
      const found = Geocoding.addressesOf(postal).map((a) => `${a.prefecture} ${a.city} ${a.town}`);
      expect(found, postal).toContain(`${prefecture} ${city} ${town}`);
    }
  });

  it("gives every person a 7-digit postal code of their own prefecture and city", () => {
    const byPostal = new Map(ADDRESSES.map(([postal, prefecture, city]) => [postal, `${prefecture}${city}`]));
    for (const person of people(orders)) {
      const code = digits(person.postalCode);
      expect(code, person.postalCode).toMatch(/^\d{7}$/);
      expect(byPostal.get(code), person.postalCode).toBe(`${person.prefecture}${person.city}`);
      const geocoded = Geocoding.addressesOf(code).map((a) => `${a.prefecture}${a.city}`);
      expect(geocoded, person.postalCode).toContain(`${person.prefecture}${person.city}`);
    }
  });

  it("writes postal codes, blocks and phones the ways customers type them", () => {
    const everyone = people(orders);
    const postals = everyone.map((person) => person.postalCode);
    expect(postals.some((p) => /^\d{3}-\d{4}$/.test(p))).toBe(true);
    expect(postals.some((p) => /^\d{7}$/.test(p))).toBe(true);
    expect(postals.some((p) => /^[０-９]{3}－[０-９]{4}$/.test(p))).toBe(true);
    expect(postals.some((p) => /^〒\d{3}-\d{4}$/.test(p))).toBe(true);

    const blocks = everyone.map((person) => person.address1);
    expect(blocks.some((b) => /[０-９]/.test(b))).toBe(true);
    for (const hyphen of ["－", "ー", "‐", "−", "-"])
      expect(
        blocks.some((b) => b.includes(hyphen)),
        hyphen,
      ).toBe(true);
    expect(blocks.some((b) => /\d丁目\d+番地\d/.test(b))).toBe(true);
    expect(blocks.some((b) => /通.+(上る|下ル|東入)/.test(b))).toBe(true);
    expect(everyone.every((person) => person.address1.length > 0)).toBe(true);

    const buildings = everyone.map((person) => person.address2);
    expect(buildings).toContain("");
    expect(buildings.some((b) => b.length >= 20 && /号室$/.test(b))).toBe(true);
    expect(everyone.some((person) => person.company !== "")).toBe(true);

    const phones = everyone.map((person) => person.phone);
    expect(phones.some((p) => /^0[789]0-\d{4}-\d{4}$/.test(p))).toBe(true);
    expect(phones.some((p) => /^０[７８９]０[０-９]{8}$/.test(p))).toBe(true);
    expect(phones.some((p) => /^03\(\d{4}\)\d{4}$/.test(p))).toBe(true);
    for (const phone of phones) expect(digits(phone), phone).toMatch(/^0\d{9,10}$/);
  });

  it("names people with kana, including characters outside JIS X 0208", () => {
    const everyone = people(orders);
    const names = everyone.map((person) => `${person.familyName}${person.givenName}`).join("\n");
    for (const kanji of ["髙", "﨑", "𠮷", "德", "濵"]) expect(names, kanji).toContain(kanji);
    expect(everyone.some((person) => person.familyName === "髙橋")).toBe(true);
    expect(everyone.some((person) => person.familyName === "山﨑")).toBe(true);
    for (const person of everyone) {
      expect(person.familyNameKana).toMatch(/^[ァ-ヶー]+$/);
      expect(person.givenNameKana).toMatch(/^[ァ-ヶー]+$/);
    }
  });

  it("gives realistic ASCII e-mail addresses on example domains only", () => {
    for (const order of orders) expect(order.email).toMatch(/^[a-z0-9._+]+@example\.(jp|com)$/);
    expect(orders.some((order) => /^[a-z]\.[a-z]+@/.test(order.email))).toBe(true);
  });

  it("has about 15% gift orders to someone else", () => {
    const gifts = orders.filter((order) => order.recipient !== order.purchaser);
    expect(gifts.length / orders.length).toBeGreaterThan(0.08);
    expect(gifts.length / orders.length).toBeLessThan(0.25);
    for (const order of gifts) {
      expect(`${order.recipient.familyName}${order.recipient.givenName}`).not.toBe(
        `${order.purchaser.familyName}${order.purchaser.givenName}`,
      );
      expect(order.recipient.postalCode).not.toBe(order.purchaser.postalCode);
    }
  });

  it("sells 1–4 catalogue items, 1–3 each, at whole yen, with the usual shipping fees", () => {
    for (const order of orders) {
      expect(order.lineItems.length).toBeGreaterThanOrEqual(1);
      expect(order.lineItems.length).toBeLessThanOrEqual(4);
      for (const item of order.lineItems) {
        expect(item.sku).toMatch(/^(TEA|SWT|CER)-\d{3}$/);
        expect(item.quantity).toBeGreaterThanOrEqual(1);
        expect(item.quantity).toBeLessThanOrEqual(3);
        expect(Number.isInteger(item.unitPrice) && item.unitPrice > 0).toBe(true);
      }
      expect([0, 550, 880]).toContain(order.shippingFee);
    }
    expect(new Set(orders.map((order) => order.lineItems.length))).toEqual(new Set([1, 2, 3, 4]));
    expect(new Set(orders.map((order) => order.shippingFee))).toEqual(new Set([0, 550, 880]));
  });

  it("mixes payments with about 15% cash on delivery", () => {
    expect(new Set(orders.map((order) => order.payment))).toEqual(
      new Set(["credit_card", "cod", "bank_transfer", "konbini"]),
    );
    const cod = share((order) => order.payment === "cod");
    expect(cod).toBeGreaterThan(0.08);
    expect(cod).toBeLessThan(0.25);
  });

  it("asks for a delivery date 2–7 days out on about 40%, still ahead for the orders to ship, in every time wording", () => {
    const dated = orders.filter((order) => order.deliveryDate !== null);
    expect(dated.length / orders.length).toBeGreaterThan(0.3);
    expect(dated.length / orders.length).toBeLessThan(0.5);
    const dayOf = (iso: string) => Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / 86_400_000;
    const today = dayOf(new Date(now.getTime() + 9 * 3_600_000).toISOString());
    for (const order of dated) {
      expect(order.deliveryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const days = dayOf(order.deliveryDate!) - dayOf(order.createdAt);
      expect(days).toBeGreaterThanOrEqual(2);
      const toShip = order.state === "open" || order.state === "partially_fulfilled";
      // Asked 2–7 days after the purchase, or after the day before `now` for an order still to ship.
      if (toShip) expect(dayOf(order.deliveryDate!) - today, order.deliveryDate!).toBeGreaterThanOrEqual(1);
      else expect(days).toBeLessThanOrEqual(7);
    }
    const times = new Set(orders.map((order) => order.deliveryTime).filter((time) => time !== null));
    expect([...times].sort()).toEqual([...DELIVERY_TIMES].sort());
    for (const form of DELIVERY_TIMES) expect(times.has(form), form).toBe(true);
  });

  it("adds notes sometimes", () => {
    const notes = orders.map((order) => order.note);
    expect(notes).toContain("");
    expect(notes).toContain("ギフト包装希望");
    expect(notes.some((note) => note.startsWith("のし：御歳暮"))).toBe(true);
  });

  it("leaves most orders open, about 5% each partly fulfilled, fulfilled and cancelled", () => {
    expect(share((order) => order.state === "open")).toBeGreaterThan(0.75);
    for (const state of ["partially_fulfilled", "fulfilled", "cancelled"] as const) {
      const part = share((order) => order.state === state);
      expect(part, state).toBeGreaterThan(0.02);
      expect(part, state).toBeLessThan(0.1);
    }
    for (const order of orders.filter((o) => o.state === "partially_fulfilled"))
      expect(order.lineItems.reduce((sum, item) => sum + item.quantity, 0)).toBeGreaterThanOrEqual(2);
  });
});

describe("customer mistakes for the demo's error tab", () => {
  it("puts a wrong postal code or a short phone number on the requested share of recipients, caught by the normaliser", () => {
    const clean = generateSeedOrders({ count: 200, seed: 9, now: new Date("2026-11-23T00:00:00Z") });
    const flawed = generateSeedOrders({
      count: 200,
      seed: 9,
      now: new Date("2026-11-23T00:00:00Z"),
      mistakes: 0.3,
    });
    const toImported = (order: SeedOrder) =>
      normalizePerson({ ...order.recipient, address2: order.recipient.address2 }, "customer").issues.map(
        (issue) => issue.field,
      );
    const withIssues = (orders: SeedOrder[]) => orders.filter((order) => toImported(order).length > 0).length;
    expect(withIssues(clean)).toBe(0);
    const flawedCount = withIssues(flawed);
    expect(flawedCount).toBeGreaterThan(30);
    expect(flawedCount).toBeLessThan(90);
    const fields = new Set(flawed.flatMap(toImported));
    expect(fields).toEqual(new Set(["customer.postal_code", "customer.phone"]));
  });
});
