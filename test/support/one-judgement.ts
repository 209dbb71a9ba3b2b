import { expect } from "vitest";
import { handler as labelJobHandler } from "../../functions/src/queue/label-job";
import type { Call } from "./printing";
import { drainQueue } from "./simulators";

type Issue = { field: string; message: string };
type Carrier = "yamato" | "sagawa" | "japan_post";

const formats = { yamato: "yamato_b2", sagawa: "sagawa_ehiden3", japan_post: "japan_post_yuprir" } as const;

/**
 * The one judgement, checked from outside: puts the orders on their carriers (those of
 * `byCarrier.yamato` stay on the brand's default), then per carrier exports its file and
 * issues labels for all of its orders. An order without errors in the エラー tab goes into
 * the file and gets its label; an order with errors does neither, the file giving exactly the
 * tab's reasons and the label batch each of them; and neither finds a reason the tab lacked.
 * Needs a label-job queue of the file's own. Answers the orders with and without errors.
 */
export async function expectOneJudgement(call: Call, byCarrier: Record<Carrier, string[]>) {
  for (const carrier of ["sagawa", "japan_post"] as const) {
    if (!byCarrier[carrier].length) continue;
    const changed = await call("/orders/bulk_update", "PUT", {
      ids: byCarrier[carrier],
      action: "set_carrier",
      carrier,
    });
    expect(changed.status, changed.text).toBe(200);
  }
  const errorsOf = async (id: string) => (await call(`/orders/${id}`)).json.errors as Issue[];
  const withErrors: string[] = [];
  const clean: string[] = [];
  const reasons: string[] = [];
  for (const carrier of ["yamato", "sagawa", "japan_post"] as const) {
    const orderIds = byCarrier[carrier];
    if (!orderIds.length) continue;
    const tab = new Map(await Promise.all(orderIds.map(async (id) => [id, await errorsOf(id)] as const)));
    const file = await call("/exports", "POST", { format: formats[carrier], order_ids: orderIds });
    expect(file.status, file.text).toBe(201);
    const excluded = new Map(
      (file.json.excluded as { order_id: string; reasons: Issue[] }[]).map((e) => [e.order_id, e.reasons]),
    );
    const accepted = await call("/shipments/labels", "POST", { order_ids: orderIds });
    expect(accepted.status, accepted.text).toBe(202);
    await drainQueue("labelJob", labelJobHandler);
    const batch = (await call(`/shipments/labels?label_id=${accepted.json.label_id}`)).json;
    const labelled = new Map(
      (batch.results as { order_id: string; error: string | null }[]).map((r) => [r.order_id, r.error]),
    );
    for (const id of orderIds) {
      const errors = tab.get(id)!;
      const messages = errors.map((e) => e.message).sort();
      if (errors.length === 0) {
        clean.push(id);
        expect(
          file.json.included,
          `${carrier} ${id} in the file: ${JSON.stringify(excluded.get(id))}`,
        ).toContain(id);
        expect(labelled.get(id), `${carrier} ${id} labelled`).toBeNull();
      } else {
        withErrors.push(id);
        reasons.push(...messages.map((m) => `${carrier}: ${m}`));
        expect(
          (excluded.get(id) ?? []).map((r) => r.message).sort(),
          `${carrier} ${id} left out of the file`,
        ).toEqual(messages);
        for (const message of messages)
          expect(labelled.get(id), `${carrier} ${id} refused a label`).toContain(message);
      }
      // Neither the file nor the batch found anything the エラー tab did not already say.
      expect(await errorsOf(id), `${carrier} ${id} errors after`).toEqual(errors);
    }
  }
  return { withErrors, clean, reasons };
}
