import { beforeAll, describe, expect, it } from "vitest";
import { handler as labelJob } from "../../../functions/src/queue/label-job";
import { personFixture, shopOrderFixture } from "../../support/orders";
import { shippingCompany } from "../../support/printing";
import { usePrivateQueue } from "../../support/queues";
import { drainQueue } from "../../support/simulators";

beforeAll(async () => {
  await usePrivateQueue("labelJob", {});
});

describe("an order in the エラー tab", () => {
  it("is refused by the carrier file with the same reasons the label batch gives, and the other orders go in", async () => {
    const mismatch = {
      field: "customer.postal_code",
      message: "郵便番号と都道府県が一致しません（100-0001 は東京都の郵便番号です）。",
      suggestion: "東京都",
    };
    const badPhone = {
      field: "customer.phone",
      message: "電話番号「090-1234-567」は日本の電話番号として正しくありません。",
    };
    const { call, ids } = await shippingCompany({
      yamato: { first: 44_800_000_000, count: 20 },
      orders: [
        shopOrderFixture(1, {
          customer: personFixture({
            postalCode: "1000001",
            prefecture: "佐賀県",
            city: "佐賀市",
            phone: "090-1234-567",
          }),
          issues: [mismatch, badPhone],
        }),
        shopOrderFixture(2),
      ],
    });
    const [erring, plain] = ids as [string, string];
    const tab = (await call("/orders/ids?tab_key=error")).json.items as { id: string }[];
    expect(tab.map((o) => o.id)).toEqual([erring]);

    const file = await call("/exports", "POST", { format: "yamato_b2", order_ids: ids });
    expect(file.status, file.text).toBe(201);
    expect(file.json.included).toEqual([plain]);
    expect(file.json.excluded).toEqual([
      { order_id: erring, reasons: [mismatch, badPhone].map(({ field, message }) => ({ field, message })) },
    ]);

    const accepted = await call("/shipments/labels", "POST", { order_ids: [erring] });
    await drainQueue("labelJob", labelJob);
    const status = (await call(`/shipments/labels?label_id=${accepted.json.label_id}`)).json;
    expect(status.results[0].error).toBe([mismatch, badPhone].map((issue) => issue.message).join(" "));
  }, 60_000);
});
