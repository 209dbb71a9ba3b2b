import { beforeAll, describe, expect, it } from "vitest";
import { handler } from "../../../functions/src/queue/label-job";
import { personFixture, shopOrderFixture } from "../../support/orders";
import { shippingCompany } from "../../support/printing";
import { usePrivateQueue } from "../../support/queues";
import { drainQueue } from "../../support/simulators";

beforeAll(async () => {
  // A label-job queue of this file's own, so the drain sees only these batches.
  await usePrivateQueue("labelJob");
});

type Row = { id: string; order_number: string; tracking_number: string; status: string; is_error: boolean };

const yamasaki = personFixture({ name: "山崎 花子", nameKana: "ヤマサキ ハナコ", phone: "011-231-4111" });
const takahashi = personFixture({ name: "高橋 一郎", nameKana: "タカハシ イチロウ", phone: "075-123-4567" });

/** A company whose three orders (#1001 山崎, #1002 高橋, #1003 山崎) have each been issued a label. */
async function labelledCompany(firstNumber: number) {
  const company = await shippingCompany({
    yamato: { first: firstNumber },
    orders: [yamasaki, takahashi, yamasaki].map((person, i) =>
      shopOrderFixture(i + 1, { customer: person, purchaser: person }),
    ),
  });
  const accepted = await company.call("/shipments/labels", "POST", { order_ids: company.ids });
  expect(accepted.status, accepted.text).toBe(202);
  await drainQueue("labelJob", handler);
  const find = async (query: string) => {
    const answer = await company.call(`/shipments?${query}`);
    expect(answer.status, answer.text).toBe(200);
    return answer.json.items as Row[];
  };
  const all = await find("");
  const status = await company.call(`/shipments/labels?label_id=${accepted.json.label_id}`);
  expect(all, status.text).toHaveLength(3);
  const byOrder = (number: string) => all.find((s) => s.order_number === number)!;
  return { ...company, find, byOrder };
}

const numbers = (rows: Row[]) => rows.map((s) => s.order_number).sort();

describe("GET /api/shipments?search=", () => {
  it("finds a shipment by tracking number, order number, the recipient's name and phone, and nothing else", async () => {
    const a = await labelledCompany(33_510_000_000);
    const second = a.byOrder("#1002");
    const q = (text: string) => a.find(`search=${encodeURIComponent(text)}`);

    expect(await q("zzzzzz-no-match")).toEqual([]);
    // Its whole number, as printed (4-4-4 with hyphens), and a prefix of it.
    const printed = second.tracking_number.replace(/^(\d{4})(\d{4})(\d{4})$/, "$1-$2-$3");
    expect((await q(printed)).map((s) => s.id)).toEqual([second.id]);
    expect((await q(second.tracking_number)).map((s) => s.id)).toEqual([second.id]);
    expect((await q(second.tracking_number.slice(0, 11))).map((s) => s.id)).toContain(second.id);
    // Order number, with or without #.
    expect(numbers(await q("#1002"))).toEqual(["#1002"]);
    // The recipient's name by a prefix in kanji or in kana (katakana or hiragana), and the phone.
    expect(numbers(await q("山崎"))).toEqual(["#1001", "#1003"]);
    expect(numbers(await q("ヤマサ"))).toEqual(["#1001", "#1003"]);
    expect(numbers(await q("たかはし"))).toEqual(["#1002"]);
    expect(numbers(await q("075-123-4567"))).toEqual(["#1002"]);

    // With the other filters: a status, and a printed range that excludes them all.
    expect(numbers(await a.find(`search=${encodeURIComponent("山崎")}&status=issued`))).toEqual([
      "#1001",
      "#1003",
    ]);
    expect(await a.find(`search=${encodeURIComponent("山崎")}&printed_to=2020-01-01`)).toEqual([]);
  });

  it("keeps finding a cancelled shipment, as cancelled, and never another company's", async () => {
    const a = await labelledCompany(33_520_000_000);
    const b = await labelledCompany(33_530_000_000);
    const first = a.byOrder("#1001");
    expect((await a.call(`/shipments/${first.id}/cancel`, "PUT")).status).toBe(200);

    const found = await a.find(`search=${first.tracking_number}`);
    expect(found.map((s) => [s.id, s.status])).toEqual([[first.id, "cancelled"]]);
    expect(await a.find(`search=${first.tracking_number}&status=issued`)).toEqual([]);
    expect(numbers(await a.find(`search=${encodeURIComponent("山崎")}&status=cancelled`))).toEqual(["#1001"]);

    // B has its own #1001 and 山崎, but never A's number or shipments.
    expect(await b.find(`search=${first.tracking_number}`)).toEqual([]);
    const theirs = await b.find(`search=${encodeURIComponent("山崎")}`);
    expect(theirs.map((s) => s.id).sort()).toEqual([b.byOrder("#1001").id, b.byOrder("#1003").id].sort());
  });

  it("finds a reissued shipment by its number", async () => {
    const a = await labelledCompany(33_540_000_000);
    const third = a.byOrder("#1003");
    const reissued = await a.call("/shipments/reissue", "POST", { shipment_ids: [third.id] });
    expect(reissued.status, reissued.text).toBe(202);
    await drainQueue("labelJob", handler);
    expect((await a.find(`search=${third.tracking_number}`)).map((s) => [s.id, s.status])).toEqual([
      [third.id, "issued"],
    ]);
  });
});

describe("GET /api/shipments?is_error=", () => {
  it("lists only the shipments whose upload failed, and is_error=false only the others", async () => {
    const a = await labelledCompany(33_550_000_000);
    expect(await a.find("is_error=true")).toEqual([]);
    expect(await a.find("is_error=false")).toHaveLength(3);

    // The fixture orders' shop is not connected: the upload fails and the shipment says why.
    const second = a.byOrder("#1002");
    await a.call(`/shipments/${second.id}/upload_tracking_number`, "PUT");
    const failed = await a.find("is_error=true");
    expect(failed.map((s) => [s.id, s.is_error])).toEqual([[second.id, true]]);
    expect(numbers(await a.find("is_error=false"))).toEqual(["#1001", "#1003"]);
    expect((await a.find("is_error=true&status=issued")).map((s) => s.id)).toEqual([second.id]);
    expect(await a.find("is_error=true&status=cancelled")).toEqual([]);
    expect((await a.find("is_error=true&search=%231002")).map((s) => s.id)).toEqual([second.id]);
    expect(await a.find("is_error=true&search=%231001")).toEqual([]);
  });

  it("refuses a value it cannot use", async () => {
    const a = await labelledCompany(33_560_000_000);
    const bad = await a.call("/shipments?is_error=yes");
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fields)).toEqual(["is_error"]);
  });
});
