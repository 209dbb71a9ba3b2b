import { trackingNumberOf } from "@okuru/core/shared/tracking-number";
import { describe, expect, it } from "vitest";
import type { SeedOrder } from "../../../dev/src/simulators/seed-order";
import { handler as orderSyncHandler } from "../../../functions/src/queue/order-sync";
import { testAccount } from "../../support/account";
import { expectOneJudgement } from "../../support/one-judgement";
import { apiCaller, kyotoCompanyProfile } from "../../support/printing";
import { usePrivateQueue } from "../../support/queues";
import { printableSeedOrder, printableSeedPerson } from "../../support/seed-orders";
import { connectShopify, drainQueue, useShops } from "../../support/simulators";

/**
 * The one judgement over the hard cases, each on every carrier, brought in by the real sync
 * from a simulated Shopify store: what the エラー tab says of an order is exactly what its
 * carrier's file and its label batch say, no more and no less.
 */

const shops = useShops();

const daysAhead = (days: number) =>
  new Date(Date.now() + 9 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/** The hard cases, each as a customer typed it into the shop. */
function hardCases(): SeedOrder[] {
  const at = daysAgo(1);
  const order = (n: number, over: Partial<SeedOrder>) => printableSeedOrder(n, at, over);
  const to = (n: number, person: Parameters<typeof printableSeedPerson>[1]) => {
    const recipient = printableSeedPerson(n, person);
    return { purchaser: recipient, recipient };
  };
  return [
    order(1, to(1, { familyName: "髙橋", givenName: "﨑子" })),
    order(2, to(2, { familyName: "森", givenName: "鷗外" })),
    order(3, to(3, { familyName: "𠮷野", givenName: "家康" })),
    order(4, {
      ...to(4, {
        postalCode: "６０５－００７３",
        prefecture: "京都府",
        city: "京都市東山区",
        address1: "祇園町北側２７５番地　八坂神社南楼門前東入ル下河原通り上ル",
        address2: "祇園下河原ハイツ　東館　１２０３号室（管理人室横）",
      }),
    }),
    order(5, {
      ...to(5, {
        postalCode: "060-0001",
        prefecture: "北海道",
        city: "札幌市中央区",
        address1: "北一条西２丁目１番地",
        address2: "札幌時計台ビルディング北海道支社ハイツ１０階１００１号室",
      }),
    }),
    order(6, { ...to(6, { company: "株式会社京都おくる茶舗　祇園本店　お客様相談室" }), payment: "cod" }),
    order(7, { deliveryDate: daysAhead(3), deliveryTime: "12時～14時" }),
    order(8, { deliveryDate: daysAhead(2), deliveryTime: "午前中" }),
    order(9, { deliveryDate: daysAhead(4), deliveryTime: "19時～21時" }),
    order(10, to(10, { phone: "090-1234-567" })),
    order(
      11,
      to(11, { postalCode: "100-0001", prefecture: "佐賀県", city: "佐賀市", address1: "城内１－１－５９" }),
    ),
    order(
      12,
      to(12, { postalCode: "530-0001", prefecture: "東京都", city: "千代田区", address1: "丸の内１－１" }),
    ),
    order(13, { ...to(13, {}), note: "ギフト包装希望", payment: "cod" }),
    order(14, { deliveryTime: "14-16" }),
  ];
}

describe("the hard cases on every carrier", () => {
  it("are refused or printed alike by the エラー tab, the carrier file and the label batch", async () => {
    await usePrivateQueue("labelJob");
    const account = await testAccount("株式会社京都おくる茶舗");
    const call = apiCaller(account);
    expect((await call("/companies", "PUT", kyotoCompanyProfile("株式会社京都おくる茶舗"))).status).toBe(200);
    const range = (serial: number) => [
      { first: trackingNumberOf(serial), last: trackingNumberOf(serial + 999) },
    ];
    for (const [carrier, body] of [
      [
        "yamato",
        {
          name: "ヤマト運輸",
          mode: "self_printed",
          customer_code: "075123456701",
          freight_code: "01",
          tracking_ranges: range(44_441_380_000),
        },
      ],
      [
        "sagawa",
        {
          name: "佐川急便",
          mode: "self_printed",
          customer_code: "123456789012",
          tracking_ranges: range(51_254_760_000),
        },
      ],
      [
        "japan_post",
        {
          name: "ゆうパック",
          mode: "self_printed",
          posting_office: "京都中央郵便局",
          tracking_ranges: range(40_554_850_000),
        },
      ],
    ] as const) {
      const created = await call(`/${carrier}`, "POST", body);
      expect(created.status, created.text).toBe(201);
    }

    // Every hard case three times over (the store's orders #1001–), one copy per carrier.
    const cases = hardCases();
    const seeds = [0, 1, 2].flatMap((copy) =>
      cases.map((seed, i) => ({ ...seed, number: 1001 + copy * cases.length + i })),
    );
    const domain = `hard-cases-${process.pid}.myshopify.com`;
    shops().shopify.addShop(domain, seeds);
    await connectShopify(account, domain);
    await drainQueue("orderSync", orderSyncHandler);
    const listed = (await call("/orders?tab_key=notShipped&limit=100")).json.items as {
      id: string;
      order_number: string;
    }[];
    expect(listed).toHaveLength(seeds.length);
    const copyOf = (order: { order_number: string }) =>
      Math.floor((Number(order.order_number.replace("#", "")) - 1001) / cases.length);
    const ofCopy = (copy: number) =>
      listed.filter((order) => copyOf(order) === copy).map((order) => order.id);

    const { withErrors, clean, reasons } = await expectOneJudgement(call, {
      yamato: ofCopy(0),
      sagawa: ofCopy(1),
      japan_post: ofCopy(2),
    });
    // Both kinds on every carrier: the hard cases that fit are printed, the others are held.
    expect(withErrors.length, reasons.join("\n")).toBeGreaterThan(cases.length / 2);
    expect(clean.length, reasons.join("\n")).toBeGreaterThan(cases.length);
  }, 180_000);
});
