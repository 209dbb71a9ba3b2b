import { CarrierAccount } from "@okuru/core/entities/carrier-account";
import { parseTrackingNumber, trackingNumberOf } from "@okuru/core/shared/tracking-number";
import { describe, expect, it } from "vitest";
import { asUser, testAccount } from "../../support/account";
import { apiCaller } from "../../support/printing";

/** A range of `size` numbers from the 11-digit serial `start`, as the carrier would print it. */
const range = (start: number, size: number) => ({
  first: trackingNumberOf(start),
  last: trackingNumberOf(start + size - 1),
});

const yamato = (overrides: Record<string, unknown> = {}) => ({
  name: "ヤマト運輸 京都主管",
  mode: "self_printed",
  customer_code: "０７５１２３４５６７－０１",
  classification_code: "",
  freight_code: "01",
  tracking_ranges: [range(44_441_375_000, 1000)],
  ...overrides,
});

async function company() {
  const account = await testAccount();
  return { account, call: apiCaller(account) };
}

/** A new company with a self-printed Yamato account of the ranges `[start, size]`, in order. */
async function yamatoWithRanges(...ranges: [start: number, size: number][]) {
  const { account, call } = await company();
  const created = await call(
    "/yamato",
    "POST",
    yamato({ tracking_ranges: ranges.map(([s, n]) => range(s, n)) }),
  );
  return { account, call, created, id: created.json.id as string };
}

describe("carrier accounts", () => {
  it("registers a self-printed Yamato account: the contract code sealed and shown by its last digits, the range counted", async () => {
    const { call } = await company();
    const created = await call("/yamato", "POST", yamato());
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      carrier: "yamato",
      name: "ヤマト運輸 京都主管",
      mode: "self_printed",
      is_default: true,
      customer_code_hint: "********6701",
      freight_code: "01",
      remaining_numbers: 1000,
      low_on_numbers: false,
      tracking_ranges: [
        {
          first: trackingNumberOf(44_441_375_000),
          last: trackingNumberOf(44_441_375_999),
          next: trackingNumberOf(44_441_375_000),
          remaining: 1000,
          used: 0,
        },
      ],
    });
    // The code that bills the merchant's contract is never answered, not even in the list.
    const listed = await call("/yamato");
    expect(JSON.stringify(listed.json)).not.toContain("075123456701");
    expect(listed.json.items).toHaveLength(1);
    expect((await call("/sagawa")).json.items).toEqual([]);
    // Another carrier's path does not reach this account.
    expect((await call(`/sagawa/${created.json.id}`, "PUT", { name: "x", mode: "handoff" })).status).toBe(
      404,
    );
  });

  it("refuses ranges without their check digit, reversed, overlapping or missing, on the field concerned", async () => {
    const { call } = await company();
    const good = range(10_000_000_000, 100);
    const cases: [string, Record<string, unknown>, string, string][] = [
      [
        "a wrong check digit",
        { tracking_ranges: [{ first: `${good.first.slice(0, 11)}9`, last: good.last }] },
        "tracking_ranges.0.first",
        "開始番号は12桁の正しい追跡番号（末尾がチェックデジット）を入力してください",
      ],
      [
        "last before first",
        { tracking_ranges: [{ first: good.last, last: good.first }] },
        "tracking_ranges.0.last",
        "終了番号は開始番号以降の番号にしてください",
      ],
      [
        "two ranges sharing numbers",
        { tracking_ranges: [good, range(10_000_000_050, 100)] },
        "tracking_ranges.1.first",
        "この番号帯は登録済みのヤマト運輸の番号帯と重なっています",
      ],
      [
        "self-printing without numbers",
        { tracking_ranges: [] },
        "tracking_ranges",
        "自社で印刷するには、配送会社から割り当てられた追跡番号の番号帯を登録してください",
      ],
      [
        "no contract code",
        { customer_code: undefined },
        "customer_code",
        "ご請求先顧客コードを入力してください",
      ],
      [
        "a contract code of 11 digits",
        { customer_code: "07512345670" },
        "customer_code",
        "ご請求先顧客コードは12桁の数字で入力してください",
      ],
    ];
    for (const [name, overrides, field, message] of cases) {
      const res = await call("/yamato", "POST", yamato(overrides));
      expect([res.status, res.json.fields?.[field]], name).toEqual([400, message]);
    }
    expect((await call("/yamato")).json.items).toEqual([]);

    // A range of one account cannot be registered again on another account of the carrier…
    expect((await call("/yamato", "POST", yamato({ tracking_ranges: [good] }))).status).toBe(201);
    const again = await call("/yamato", "POST", yamato({ name: "第二", tracking_ranges: [good] }));
    expect(again.json.fields?.["tracking_ranges.0.first"]).toBe(
      "この番号帯は登録済みのヤマト運輸の番号帯と重なっています",
    );
    // …but Sagawa numbers are Sagawa's own.
    const sagawa = await call("/sagawa", "POST", {
      name: "佐川急便 京都店",
      mode: "self_printed",
      customer_code: "123456789012",
      tracking_ranges: [good],
    });
    expect(sagawa.status).toBe(201);
  });

  it("hands out every number once under concurrent label consumers, and says when the ranges run out", async () => {
    const { account, call, id } = await yamatoWithRanges([20_000_000_000, 60], [30_000_000_000, 60]);
    const blocks = await asUser(account, () =>
      Promise.all(Array.from({ length: 20 }, () => CarrierAccount.allocateNumbers(id, 5))),
    );
    const numbers = blocks.flat();
    expect(numbers).toHaveLength(100);
    expect(new Set(numbers).size).toBe(100);
    expect(numbers.every((n) => parseTrackingNumber(n) === n)).toBe(true);
    // The first range is used up before the second is touched.
    expect(numbers.filter((n) => n.startsWith("200")).length).toBe(60);

    const after = (await call("/yamato")).json.items[0];
    expect(after.remaining_numbers).toBe(20);
    expect(after.low_on_numbers).toBe(true);
    expect(after.tracking_ranges.map((r: { used: number }) => r.used)).toEqual([60, 40]);

    const last = await asUser(account, () => CarrierAccount.allocateNumbers(id, 50));
    expect(last).toHaveLength(20);
    expect(await asUser(account, () => CarrierAccount.allocateNumbers(id, 1))).toEqual([]);
  });

  it("keeps registered ranges as they are: adds, removes an unused one, refuses to change or drop a used one", async () => {
    const { account, call, created, id } = await yamatoWithRanges([40_000_000_000, 10], [41_000_000_000, 10]);
    const [used, unused] = created.json.tracking_ranges as { id: string; first: string; last: string }[];
    await asUser(account, () => CarrierAccount.allocateNumbers(id, 3));

    const changed = await call(`/yamato/${id}`, "PUT", {
      ...yamato(),
      tracking_ranges: [{ ...used, last: trackingNumberOf(40_000_000_099) }, unused],
    });
    expect(changed.json.fields?.["tracking_ranges.0.first"], JSON.stringify(changed.json)).toBe(
      "登録済みの番号帯は変更できません。削除して登録し直してください",
    );
    const dropped = await call(`/yamato/${id}`, "PUT", { ...yamato(), tracking_ranges: [unused] });
    expect(dropped.json.fields?.tracking_ranges).toBe(
      `使用済みの番号がある番号帯（${trackingNumberOf(40_000_000_000)}〜）は削除できません`,
    );

    const updated = await call(`/yamato/${id}`, "PUT", {
      ...yamato({ name: "ヤマト運輸 京都主管（新）", customer_code: "" }),
      tracking_ranges: [used, range(42_000_000_000, 5)],
    });
    expect(updated.status, JSON.stringify(updated.json)).toBe(200);
    expect(updated.json).toMatchObject({
      name: "ヤマト運輸 京都主管（新）",
      // An empty code keeps the stored one.
      customer_code_hint: "********6701",
      remaining_numbers: 7 + 5,
    });
    expect(updated.json.tracking_ranges.map((r: { first: string }) => r.first)).toEqual([
      trackingNumberOf(40_000_000_000),
      trackingNumberOf(42_000_000_000),
    ]);
  });

  it("keeps one default per carrier, and the default cannot be removed while others remain", async () => {
    const { call } = await company();
    const first = (await call("/japan_post", "POST", { name: "ゆうパック 本社", mode: "handoff" })).json;
    const second = (
      await call("/japan_post", "POST", {
        name: "ゆうパック 倉庫",
        mode: "handoff",
        form_code: "1150651",
        posting_office: "京都中央郵便局",
      })
    ).json;
    expect([first.is_default, second.is_default]).toEqual([true, false]);
    expect(second).toMatchObject({
      form_code: "1150651",
      posting_office: "京都中央郵便局",
      remaining_numbers: null,
    });

    await call(`/japan_post/${second.id}`, "PUT", { ...second, is_default: true, tracking_ranges: [] });
    const defaults = (await call("/japan_post")).json.items.map((a: { is_default: boolean }) => a.is_default);
    expect(defaults).toEqual([false, true]);

    const refused = await call(`/japan_post/${second.id}`, "DELETE");
    expect([refused.status, refused.json.code]).toEqual([422, "carrier_account.in_use"]);
    expect((await call(`/japan_post/${first.id}`, "DELETE")).status).toBe(204);
    expect((await call(`/japan_post/${second.id}`, "DELETE")).status).toBe(204);
    expect((await call("/japan_post")).json.items).toEqual([]);
  });
});
