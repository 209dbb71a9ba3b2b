import { beforeAll, describe, expect, it } from "vitest";
import { handler as labelJob } from "../../../functions/src/queue/label-job";
import { shopOrderFixture } from "../../support/orders";
import { downloadedPdfText, shippingCompany } from "../../support/printing";
import { usePrivateQueue } from "../../support/queues";
import { senderFixture } from "../../support/senders";
import { drainQueue } from "../../support/simulators";

beforeAll(async () => {
  await usePrivateQueue("labelJob", {});
});

const pdfText = async (url: string) => (await downloadedPdfText(url)).replace(/\s+/g, "");

describe("送り状発行 of an order already labelled", () => {
  it("prints its number again exactly as first printed, named as a reprint, also after the sender changed", async () => {
    const { call, ids } = await shippingCompany({
      yamato: { first: 44_900_000_000, count: 20 },
      orders: [shopOrderFixture(1), shopOrderFixture(2)],
    });
    const [labelled, fresh] = ids as [string, string];
    const first = await call("/senders", "POST", senderFixture({ name: "札幌倉庫" }));
    expect(first.status, first.text).toBe(201);
    expect((await call(`/orders/${labelled}/sender`, "PUT", { sender_id: first.json.id })).status).toBe(200);
    const issue = async (orderIds: string[]) => {
      const accepted = await call("/shipments/labels", "POST", { order_ids: orderIds });
      expect(accepted.status, accepted.text).toBe(202);
      await drainQueue("labelJob", labelJob);
      return (await call(`/shipments/labels?label_id=${accepted.json.label_id}`)).json;
    };
    const before = await issue([labelled]);
    const number = before.results[0].tracking_numbers[0] as string;
    expect(await pdfText(before.parts[0].url)).toContain("札幌倉庫");
    // Printed again unchanged: a plain reprint.
    const unchanged = await issue([labelled]);
    expect(unchanged.results[0]).toMatchObject({ reprint: true, changed: false, tracking_numbers: [number] });

    const second = await call(
      "/senders",
      "POST",
      senderFixture({
        name: "福岡倉庫",
        postal_code: "810-0001",
        prefecture: "福岡県",
        city: "福岡市中央区",
        address1: "天神1丁目8-1",
      }),
    );
    expect(second.status, second.text).toBe(201);
    expect((await call(`/orders/${labelled}/sender`, "PUT", { sender_id: second.json.id })).status).toBe(200);

    const again = await issue([labelled, fresh]);
    expect(
      again.results.map(
        (r: { order_id: string; reprint: boolean; changed: boolean; tracking_numbers: string[] }) => [
          r.order_id,
          r.reprint,
          r.changed,
          r.tracking_numbers,
        ],
      ),
    ).toEqual([
      // The sender changed since: printed as issued, and said to have changed (再発行 gives a new number).
      [labelled, true, true, [number]],
      [fresh, false, false, [expect.any(String)]],
    ]);
    const text = await pdfText(again.parts[0].url);
    // The reprint carries the sender its number was issued with; the new order the one it has now.
    expect(text).toContain("札幌倉庫");
    expect(text).not.toContain("福岡倉庫");
  }, 120_000);
});
