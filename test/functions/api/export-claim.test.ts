import { describe, expect, it } from "vitest";
import { shopOrderFixture } from "../../support/orders";
import { shippingCompany } from "../../support/printing";

/**
 * A carrier file never takes an order another file took: each order is taken by a
 * condition in its own write as the file is made, so files asked for at the same moment
 * (two merchants, a double click) share the orders out, each once.
 */
describe("carrier files made at the same moment", () => {
  it("take each order into exactly one file; the others say it went into another", async () => {
    const orders = Array.from({ length: 12 }, (_, i) => shopOrderFixture(i + 1));
    const { call, ids } = await shippingCompany({ yamato: "handoff", orders });

    const files = await Promise.all(
      Array.from({ length: 30 }, () => call("/exports", "POST", { format: "yamato_b2", order_ids: ids })),
    );
    for (const file of files) expect(file.status, file.text).toBe(201);
    const included = files.flatMap((file) => file.json.included as string[]);
    expect(included.sort()).toEqual([...ids].sort());
    for (const file of files) {
      const taken = new Set(file.json.included as string[]);
      const left = file.json.excluded as { order_id: string; reasons: { field: string }[] }[];
      // Every order is in this file or left out of it as exported (before or meanwhile), never both, never lost.
      expect(left.map((e) => e.order_id).filter((id) => taken.has(id))).toEqual([]);
      expect(left.length + taken.size).toBe(ids.length);
      for (const excluded of left) expect(excluded.reasons.map((r) => r.field)).toEqual(["order.exported"]);
    }
    // Every order is marked by the file that holds it.
    for (const id of ids) expect((await call(`/orders/${id}`)).json.exported?.format).toBe("yamato_b2");

    // Asked again on purpose, an order goes into a new file whatever happened before.
    const again = await call("/exports", "POST", {
      format: "yamato_b2",
      order_ids: ids.slice(0, 2),
      again: true,
    });
    expect([again.status, again.json.included, again.json.again]).toEqual([
      201,
      ids.slice(0, 2),
      ids.slice(0, 2),
    ]);
  });
});
