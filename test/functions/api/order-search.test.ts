import type { Order } from "@okuru/core/entities/order";
import { beforeAll, describe, expect, it } from "vitest";
import { OrderEntity } from "../../../core/src/entities/order/entity";
import { handler } from "../../../functions/src/queue/label-job";
import { personFixture, shopOrderFixture } from "../../support/orders";
import { type Call, shippingCompany } from "../../support/printing";
import { usePrivateQueue } from "../../support/queues";
import { drainQueue } from "../../support/simulators";

beforeAll(async () => {
  await usePrivateQueue("labelJob");
});

/** An order whose buyer is its recipient, so that each is found by its own people only. */
function orderOf(
  n: number,
  person: Partial<Order.StoredPerson>,
  overrides: Partial<Order.ShopOrderWrite> = {},
) {
  const who = personFixture(person);
  return shopOrderFixture(n, { purchaser: who, customer: who, ...overrides });
}

const orders = [
  orderOf(1, { name: "髙橋 陽翔", nameKana: "タカハシ ハルト" }),
  orderOf(2, { name: "山崎 さくら", nameKana: "ヤマサキ サクラ" }),
  orderOf(3, {
    name: "𠮷田 一郎",
    nameKana: "ヨシダ イチロウ",
    company: "有限会社まるや製菓",
    postalCode: "2310023",
    prefecture: "神奈川県",
    city: "横浜市中区",
    address1: "山下町1-2",
  }),
  orderOf(
    4,
    { name: "佐藤 花子", nameKana: "サトウ ハナコ" },
    {
      lineItems: [
        { platformLineItemId: "li4", sku: "MR-001", name: "抹茶ロールケーキ", quantity: 1, unitPrice: 2400 },
      ],
    },
  ),
];

const numbersOf = (body: { items: { order_number: string }[] }) =>
  body.items.map((o) => o.order_number).sort();

async function found(call: Call, query: string) {
  const response = await call(`/orders?${query}`);
  expect(response.status, response.text).toBe(200);
  return numbersOf(response.json);
}

describe("GET /api/orders?search= finds what merchants type", () => {
  it("by 異体字 both ways, given names, kana, company, town, product, SKU and several words, only in the own company", async () => {
    const a = await shippingCompany({
      yamato: { first: 45_100_000_000, count: 10 },
      orders,
      name: "検索商店A",
    });
    const b = await shippingCompany({ yamato: { first: 45_200_000_000, count: 10 }, name: "検索商店B" });
    const cases: [string, string[]][] = [
      ["高橋", ["#1001"]],
      ["髙橋", ["#1001"]],
      ["山﨑", ["#1002"]],
      ["山崎", ["#1002"]],
      ["吉田", ["#1003"]],
      ["𠮷田", ["#1003"]],
      ["陽翔", ["#1001"]],
      ["さくら", ["#1002"]],
      ["一郎", ["#1003"]],
      ["ハルト", ["#1001"]],
      ["ﾊﾙﾄ", ["#1001"]],
      ["有限会社まるや製菓", ["#1003"]],
      ["まるや製菓", ["#1003"]],
      ["横浜市", ["#1003"]],
      ["神奈川県横浜市", ["#1003"]],
      ["山下町", ["#1003"]],
      ["抹茶ロール", ["#1004"]],
      ["MR-001", ["#1004"]],
      ["mr-001", ["#1004"]],
      ["吉田 横浜", ["#1003"]],
      ["高橋 横浜", []],
      ["髙橋　陽翔", ["#1001"]],
    ];
    const answers = await Promise.all(
      cases.map(([text]) => found(a.call, `search=${encodeURIComponent(text)}`)),
    );
    expect(cases.map(([text], i) => [text, answers[i]])).toEqual(cases);
    // Company B has none of A's orders, whatever it types.
    for (const [text] of cases)
      expect(await found(b.call, `search=${encodeURIComponent(text)}`), text).toEqual([]);
  });
});

describe("GET /api/orders: 送り状 and carrier filters", () => {
  it("tells labelled from unlabelled orders, by the carrier they ship by, alone and combined", async () => {
    const plain = [5, 6, 7].map((n) => orderOf(n, { name: `青木 ${n}郎`, nameKana: "アオキ" }));
    const sss = orderOf(8, { name: "青木 八郎", nameKana: "アオキ" });
    const { call, ids, account } = await shippingCompany({
      yamato: { first: 45_300_000_000, count: 10 },
      orders: [...plain, sss],
    });
    const other = await call(`/orders/${ids[3]}/delivery/sss`, "PUT", {
      carrier_name: "西濃運輸",
      tracking_number: "1234-5678-9012",
    });
    expect(other.status, other.text).toBe(200);
    const accepted = await call("/shipments/labels", "POST", { order_ids: [ids[0]] });
    expect(accepted.status, accepted.text).toBe(202);
    await drainQueue("labelJob", handler);

    // A number typed for その他 is a live shipment of the order like a printed label.
    expect(await found(call, "label_status=issued")).toEqual(["#1005", "#1008"]);
    expect(await found(call, "label_status=unissued")).toEqual(["#1006", "#1007"]);
    expect(await found(call, "carrier=yamato")).toEqual(["#1005", "#1006", "#1007"]);
    expect(await found(call, "carrier=other")).toEqual(["#1008"]);
    expect(await found(call, "carrier=sagawa")).toEqual([]);
    expect(await found(call, "carrier=yamato&label_status=unissued")).toEqual(["#1006", "#1007"]);
    expect(
      await found(call, `carrier=yamato&label_status=issued&search=${encodeURIComponent("青木")}`),
    ).toEqual(["#1005"]);

    const list = (await call("/orders?label_status=issued&carrier=yamato")).json;
    expect(list.items[0]).toMatchObject({
      shipping_carrier: "yamato",
      tracking_numbers: [expect.any(String)],
    });
    const typed = (await call("/orders?carrier=other")).json;
    expect(typed.items[0]).toMatchObject({ shipping_carrier: "other", tracking_numbers: ["1234-5678-9012"] });
    const unlabelled = (await call("/orders?label_status=unissued")).json;
    expect(unlabelled.items[0]).toMatchObject({ shipping_carrier: "yamato", tracking_numbers: [] });

    // The page's numbers are the ones each order keeps beside its label count, moved by the
    // very transactions that issue and cancel; an order labelled before it kept them (its
    // set taken away here) reads its shipments instead, and still shows its number.
    const keptNumbers = async (orderId: string) =>
      (await OrderEntity.get({ tenantId: account.tenantId, orderId }).go()).data?.liveNumbers ?? [];
    const printed = list.items[0].tracking_numbers as string[];
    expect(await keptNumbers(ids[0]!)).toEqual(printed);
    expect(await keptNumbers(ids[3]!)).toEqual(["1234-5678-9012"]);
    await OrderEntity.patch({ tenantId: account.tenantId, orderId: ids[0]! }).remove(["liveNumbers"]).go();
    expect((await call("/orders?label_status=issued&carrier=yamato")).json.items[0].tracking_numbers).toEqual(
      printed,
    );

    // 出荷履歴 finds the label by the recipient's given name alone and names the recipient.
    const history = await call(`/shipments?search=${encodeURIComponent("5郎")}`);
    expect(history.status, history.text).toBe(200);
    expect(history.json.items).toEqual([
      expect.objectContaining({
        order_number: "#1005",
        customer: { name: "青木 5郎", prefecture: "京都府", city: "京都市中京区" },
      }),
    ]);

    for (const bad of ["label_status=printed", "carrier=fedex"]) {
      const refused = await call(`/orders?${bad}`);
      expect(refused.status, bad).toBe(400);
    }
  });
});
