import { Order } from "@okuru/core/entities/order";
import { describe, expect, it } from "vitest";
import { asUser, testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { shopOrderFixture } from "../../support/orders";

type Account = Awaited<ReturnType<typeof testAccount>>;

/** A company with `n` fresh orders (the first with the import's unreadable-slot issue). */
async function companyWithOrders(n = 1) {
  const account = await testAccount();
  const orders = await asUser(account, () =>
    Order.upsertPage(
      Array.from({ length: n }, (_, i) =>
        shopOrderFixture(i + 1, {
          issues:
            i === 0
              ? [{ field: "delivery.time_slot", message: "配達希望時間帯「夕方」を読み取れませんでした。" }]
              : [],
        }),
      ),
    ),
  );
  return { account, ids: orders.map((o) => o.orderId) };
}

const put = (account: Account, id: string, body: unknown) =>
  callApi(`/api/orders/${id}`, { method: "PUT", token: account.idToken, body });

describe("PUT /api/orders/{id}", () => {
  it("changes only the fields given: memo, requested date and slot; the slot settles the import's issue", async () => {
    const { account, ids } = await companyWithOrders();
    const [id] = ids as [string];
    const memo = await put(account, id, { memo: "  ギフト包装済み。午前中に発送  " });
    expect(memo.status, memo.text).toBe(200);
    expect(memo.json).toMatchObject({
      id,
      memo: "ギフト包装済み。午前中に発送",
      requested_delivery_date: null,
      is_error: true,
    });

    const requested = await put(account, id, {
      requested_delivery_date: "2026-12-24",
      requested_time_slot: "1800",
    });
    expect(requested.status, requested.text).toBe(200);
    expect(requested.json).toMatchObject({
      memo: "ギフト包装済み。午前中に発送",
      requested_delivery_date: "2026-12-24",
      requested_time_slot: "1800",
      is_error: false,
      errors: [],
    });
    expect((await callApi("/api/orders?is_error=true", { token: account.idToken })).json.counts.error).toBe(
      0,
    );

    const cleared = await put(account, id, {
      memo: "",
      requested_delivery_date: null,
      requested_time_slot: "",
    });
    expect(cleared.json).toMatchObject({
      memo: "",
      requested_delivery_date: null,
      requested_time_slot: null,
    });
    expect((await callApi(`/api/orders/${id}`, { token: account.idToken })).json).toMatchObject({
      memo: "",
      requested_delivery_date: null,
    });
  });

  it("archives and restores, moving the tab counts once", async () => {
    const { account, ids } = await companyWithOrders(2);
    const id = ids[1]!;
    const archived = await put(account, id, { archived: true });
    expect(archived.status, archived.text).toBe(200);
    expect(archived.json.shipment_status).toBe("archived");
    const counts = async () => (await callApi("/api/orders", { token: account.idToken })).json.counts;
    expect(await counts()).toMatchObject({ notShipped: 1, archived: 1 });
    // Archiving again changes nothing.
    expect((await put(account, id, { archived: true })).json.shipment_status).toBe("archived");
    expect(await counts()).toMatchObject({ notShipped: 1, archived: 1 });
    expect((await put(account, id, { archived: false })).json.shipment_status).toBe("notShipped");
    expect(await counts()).toMatchObject({ notShipped: 2, archived: 0 });
  });

  it("refuses bad values, an empty body and the fields other calls own, in Japanese", async () => {
    const { account, ids } = await companyWithOrders();
    const id = ids[0]!;
    const bad = await put(account, id, {
      requested_delivery_date: "2026-02-30",
      requested_time_slot: "1300",
      archived: "yes",
      memo: "あ".repeat(501),
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual({
      requested_delivery_date: "存在しない日付です（2026-02-30）",
      requested_time_slot: "配達希望時間帯を選択してください",
      archived: "アーカイブは true か false で指定してください",
      memo: "メモは全角500文字（半角1000文字）以内で入力してください",
    });
    const empty = await put(account, id, {});
    expect(empty.status).toBe(400);
    expect(empty.json.fields).toEqual({ _: "変更する項目を指定してください" });
    const other = await put(account, id, { memo: "x", customer: { name: "別人" } });
    expect(other.status).toBe(400);
    expect(other.json.fields._).toContain("customer はこの操作では変更できません");
    // Nothing was written by a refused request.
    expect((await callApi(`/api/orders/${id}`, { token: account.idToken })).json.memo).toBe("");
  });

  it("is not found for another company's order, which stays as it was", async () => {
    const a = await companyWithOrders();
    const b = await testAccount();
    const id = a.ids[0]!;
    const theirs = await put(b, id, { memo: "乗っ取り", archived: true });
    expect(theirs.status).toBe(404);
    expect(theirs.json.code).toBe("order.not_found");
    expect((await put(b, "ord_01JAAAAAAAAAAAAAAAAAAAAAAA", { memo: "x" })).status).toBe(404);
    const mine = (await callApi(`/api/orders/${id}`, { token: a.account.idToken })).json;
    expect(mine).toMatchObject({ memo: "", shipment_status: "notShipped" });
  });

  it("racing edits: each answers 200 or 409, the order holds a winner's edit and the tabs count it once", async () => {
    const { account, ids } = await companyWithOrders();
    const id = ids[0]!;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => put(account, id, { memo: `メモ${i}`, archived: i % 2 === 0 })),
    );
    for (const answer of answers) {
      expect([200, 409]).toContain(answer.status);
      if (answer.status === 409)
        expect(answer.json).toEqual({
          code: "conflict.concurrent_update",
          message: "他の操作と競合しました。画面を更新して再度お試しください。",
        });
    }
    const winners = answers.filter((a) => a.status === 200).map((a) => a.json.memo as string);
    expect(winners.length).toBeGreaterThan(0);
    const saved = (await callApi(`/api/orders/${id}`, { token: account.idToken })).json;
    expect(winners).toContain(saved.memo);
    const counts = (await callApi("/api/orders", { token: account.idToken })).json.counts;
    const archived = saved.shipment_status === "archived";
    expect(counts).toMatchObject({ notShipped: archived ? 0 : 1, archived: archived ? 1 : 0 });
  });

  it("is in the OpenAPI document with its body", async () => {
    const doc = (await callApi("/api/openapi.json")).json;
    const operation = doc.paths["/api/orders/{id}"].put;
    expect(operation.requestBody.content["application/json"].schema.$ref).toBe(
      "#/components/schemas/OrderUpdateReq",
    );
    expect(Object.keys(doc.components.schemas.OrderUpdateReq.properties).sort()).toEqual([
      "archived",
      "memo",
      "requested_delivery_date",
      "requested_time_slot",
    ]);
  });
});
