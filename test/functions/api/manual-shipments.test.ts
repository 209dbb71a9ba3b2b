import { describe, expect, it } from "vitest";
import type { SeedOrder } from "../../../dev/src/simulators/seed-order";
import { handler as trackingUploadHandler } from "../../../functions/src/queue/tracking-upload";
import { testAccount } from "../../support/account";
import { apiCaller, type Call } from "../../support/printing";
import { printableSeedPerson, seedOrderTo } from "../../support/seed-orders";
import {
  connectShopify,
  drainQueue,
  syncedOrdersByNumber,
  usePrivateOrderSyncQueue,
  useShops,
} from "../../support/simulators";

/**
 * Deliveries by another carrier (`sss`, issue 11 §4): the carrier name and number the
 * merchant types on the order become the order's one manual shipment, which uploads to
 * the simulated shops like a label's number. Shops connected through the API, orders
 * synced by the real consumer, bulk uploads through the tracking-upload queue.
 */

const shops = useShops("trackingUpload");

type WireShipment = {
  id: string;
  order_id: string;
  status: string;
  source: string;
  carrier: string;
  carrier_name: string | null;
  tracking_number: string;
  is_error: boolean;
  errors: { field: string; message: string }[];
  history: { action: string; user_id: string | null; at: string }[];
};

const person = (n: number) =>
  printableSeedPerson(n, {
    familyName: "山﨑",
    givenName: `花子${n}`,
    familyNameKana: "ヤマサキ",
    postalCode: "060-0042",
    prefecture: "北海道",
    city: "札幌市中央区",
    address1: "大通西10丁目",
    phone: "011-231-4111",
  });

/** The n-th open order (#2000+n) to person(n), a little older each. */
const seed = (n: number): SeedOrder => seedOrderTo(person, n, 2);

async function company() {
  await shops().shopify.idle();
  await usePrivateOrderSyncQueue();
  const account = await testAccount("札幌おくる商店");
  return { account, call: apiCaller(account) };
}

async function shopifyCompany(domain: string, seeds: SeedOrder[]) {
  const { account, call } = await company();
  shops().shopify.addShop(domain, seeds);
  await connectShopify(account, domain);
  return { account, call, orders: await syncedOrdersByNumber(call), sim: shops().shopify.shop(domain) };
}

async function ecforceCompany(name: string, seeds: SeedOrder[]) {
  const { account, call } = await company();
  const { apiToken } = shops().ecforce.addShop(name, seeds);
  const connected = await call("/shops/ecforce", "POST", {
    base_url: shops().ecforceBaseUrl(name),
    api_token: apiToken,
  });
  expect(connected.status).toBe(201);
  return { account, call, orders: await syncedOrdersByNumber(call), sim: shops().ecforce.shop(name) };
}

const typed = (carrier_name: string, tracking_number: string) => ({ carrier_name, tracking_number });

async function setSss(call: Call, orderId: string, body: ReturnType<typeof typed>) {
  return call(`/orders/${orderId}/delivery/sss`, "PUT", body);
}

async function shipmentsOf(call: Call, orderId: string): Promise<WireShipment[]> {
  const res = await call(`/shipments?order_id=${orderId}`);
  expect(res.status).toBe(200);
  return res.json.items;
}

const live = (list: WireShipment[]) => list.filter((s) => s.status !== "cancelled");

describe("an sss delivery's typed number", () => {
  it("is the order's one manual shipment: the same again keeps it, a new number replaces it, another carrier retires it", async () => {
    const { account, call, orders } = await shopifyCompany("okuru-manual-one.myshopify.com", [
      seed(1),
      seed(2),
    ]);
    const orderId = orders.get(2001)!;

    const saved = await setSss(call, orderId, typed("西濃運輸", "1234-5678-9012"));
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.delivery).toMatchObject({ carrier: "sss", carrier_name: "西濃運輸" });
    let list = await shipmentsOf(call, orderId);
    expect(list).toHaveLength(1);
    const first = list[0]!;
    expect(first).toMatchObject({
      order_id: orderId,
      status: "issued",
      source: "manual",
      carrier: "sss",
      carrier_name: "西濃運輸",
      tracking_number: "1234-5678-9012",
      carrier_account_id: "",
      is_error: false,
    });
    expect(first.history).toEqual([{ action: "manual", user_id: account.userId, at: expect.any(String) }]);
    // The order's 送り状 summary counts it: a number ready to upload, as a printed label's is,
    // but typed: nothing was printed for it (its badge says 追跡番号登録済み).
    expect((await call(`/orders/${orderId}`)).json.labels).toMatchObject({ live: 1, typed: 1 });

    // The same delivery again (a double click, the drawer saved twice): still the one shipment.
    expect((await setSss(call, orderId, typed("西濃運輸", "1234-5678-9012"))).status).toBe(200);
    list = await shipmentsOf(call, orderId);
    expect(list.map((s) => s.id)).toEqual([first.id]);

    // A corrected number: the old one retired, the new one live, never two live.
    expect((await setSss(call, orderId, typed("西濃運輸", "9999-0000-1111"))).status).toBe(200);
    list = await shipmentsOf(call, orderId);
    expect(list).toHaveLength(2);
    expect(live(list)).toHaveLength(1);
    expect(live(list)[0]).toMatchObject({ tracking_number: "9999-0000-1111", status: "issued" });
    const old = list.find((s) => s.id === first.id)!;
    expect(old.status).toBe("cancelled");
    expect(old.history.map((h) => h.action)).toEqual(["manual", "cancel"]);
    expect((await call(`/orders/${orderId}`)).json.labels).toMatchObject({ live: 1, typed: 1 });

    // Another order cannot take a number this order holds.
    const other = await setSss(call, orders.get(2002)!, typed("西濃運輸", "9999-0000-1111"));
    expect(other.status).toBe(400);
    expect(other.json.message).toBe("この追跡番号は別の注文の出荷に登録済みです。");
    expect(await shipmentsOf(call, orders.get(2002)!)).toEqual([]);

    // Shipping by Yamato instead retires it; the order has no live label left.
    const yamato = await call(`/orders/${orderId}/delivery/yamato`, "PUT", {
      service_type: "0",
      item_name: "宇治抹茶",
    });
    expect(yamato.status, JSON.stringify(yamato.json)).toBe(200);
    expect(live(await shipmentsOf(call, orderId))).toEqual([]);
    expect((await call(`/orders/${orderId}`)).json.labels).toBeNull();

    // Back to the first number: a retired manual number of the order may be typed again.
    expect((await setSss(call, orderId, typed("西濃運輸", "1234-5678-9012"))).status).toBe(200);
    list = live(await shipmentsOf(call, orderId));
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ tracking_number: "1234-5678-9012", source: "manual" });
    // Retired and typed again: counted once, not left over from the retired number.
    expect((await call(`/orders/${orderId}`)).json.labels).toMatchObject({ live: 1, typed: 1 });
    // Back to the brand's defaults retires it as well.
    expect((await call(`/orders/${orderId}/delivery`, "DELETE")).status).toBe(200);
    expect(live(await shipmentsOf(call, orderId))).toEqual([]);
  });
});

describe("uploading a manual shipment", () => {
  it("Shopify: one fulfilment with the typed company and number; then the number cannot change", async () => {
    const { call, orders, sim } = await shopifyCompany("okuru-manual-upload.myshopify.com", [
      seed(1),
      seed(2),
    ]);
    const [a, b] = [orders.get(2001)!, orders.get(2002)!];
    expect((await setSss(call, a, typed("西濃運輸", "5555-0001"))).status).toBe(200);
    expect((await setSss(call, b, typed("福山通運", "5555-0002"))).status).toBe(200);
    const [shipmentA] = await shipmentsOf(call, a);

    const uploaded = await call(`/shipments/${shipmentA!.id}/upload_tracking_number`, "PUT");
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(200);
    expect(uploaded.json).toMatchObject({
      status: "uploaded",
      tracking_numbers: ["5555-0001"],
      order_shipment_status: "shipped",
      error: null,
    });
    const fulfilled = sim.fulfillments.filter((f) => f.status !== "CANCELLED");
    expect(fulfilled).toHaveLength(1);
    expect(fulfilled[0]!.trackingInfo).toEqual([
      expect.objectContaining({ company: "西濃運輸", number: "5555-0001" }),
    ]);
    expect((await call(`/shipments/${shipmentA!.id}`)).json).toMatchObject({ status: "isShipped" });
    expect((await call(`/orders/${a}`)).json.shipment_status).toBe("shipped");

    // The shop holds the number now: changing it, or the carrier, is refused until the shop side is undone.
    const change = await setSss(call, a, typed("西濃運輸", "5555-0009"));
    expect(change.status).toBe(422);
    expect(change.json.message).toContain("ストアに報告済みのため");
    const away = await call(`/orders/${a}/delivery/yamato`, "PUT", {
      service_type: "0",
      item_name: "宇治抹茶",
    });
    expect(away.status).toBe(422);
    expect((await call(`/orders/${a}/delivery`, "DELETE")).status).toBe(422);
    expect((await call(`/orders/${a}`)).json.delivery).toMatchObject({ tracking_number: "5555-0001" });
    // Saving the same again is still fine.
    expect((await setSss(call, a, typed("西濃運輸", "5555-0001"))).status).toBe(200);
    expect(await shipmentsOf(call, a)).toHaveLength(1);

    // In bulk, by order, through the queue: the other company name goes as typed.
    const accepted = await call("/shipments/upload_tracking_numbers", "PUT", { order_ids: [b] });
    expect(accepted.status).toBe(202);
    expect((await drainQueue("trackingUpload", trackingUploadHandler)).failed).toBe(0);
    const job = await call(`/shipments/upload_tracking_numbers/${accepted.json.job_id}`);
    expect(job.json).toMatchObject({ status: "done", succeeded: 1, failed: 0 });
    const companies = sim.fulfillments
      .filter((f) => f.status !== "CANCELLED")
      .flatMap((f) => f.trackingInfo.map((t) => [t.company, t.number]));
    expect(companies).toEqual([
      ["西濃運輸", "5555-0001"],
      ["福山通運", "5555-0002"],
    ]);
    expect((await call("/orders?limit=1")).json.counts).toMatchObject({ notShipped: 0, shipped: 2 });
  });

  it("a carrier set in bulk keeps a typed number the shop holds, and retires one not yet uploaded", async () => {
    const { call, orders } = await shopifyCompany("okuru-manual-bulk.myshopify.com", [seed(1), seed(2)]);
    const [a, b] = [orders.get(2001)!, orders.get(2002)!];
    expect((await setSss(call, a, typed("西濃運輸", "5555-0101"))).status).toBe(200);
    expect((await setSss(call, b, typed("福山通運", "5555-0102"))).status).toBe(200);
    const [shipmentA] = await shipmentsOf(call, a);
    expect((await call(`/shipments/${shipmentA!.id}/upload_tracking_number`, "PUT")).status).toBe(200);

    const bulk = await call("/orders/bulk_update", "PUT", {
      ids: [a, b],
      action: "set_carrier",
      carrier: "yamato",
    });
    expect(bulk.status, JSON.stringify(bulk.json)).toBe(200);
    expect(bulk.json.results[0]).toEqual({ id: a, error: expect.stringContaining("ストアに報告済みのため") });
    expect(bulk.json.results[1].id).toBe(b);
    expect(bulk.json.results[1].error).toBeUndefined();
    expect((await call(`/orders/${a}`)).json.delivery).toMatchObject({ tracking_number: "5555-0101" });
    expect((await shipmentsOf(call, a)).map((s) => s.status)).toEqual(["isShipped"]);
    expect((await shipmentsOf(call, b)).map((s) => s.status)).toEqual(["cancelled"]);
  });

  it("Ecforce: the shop's delivery company matched by name; an unknown name fails in Japanese until corrected", async () => {
    const { call, orders, sim } = await ecforceCompany("okuru-manual-ec", [seed(1), seed(2)]);
    const [a, b] = [orders.get(2001)!, orders.get(2002)!];
    // 「佐川急便株式会社」 is the shop's 「佐川急便」 (id 2) once the company form is left out.
    expect((await setSss(call, a, typed("佐川急便株式会社", "7777-0001"))).status).toBe(200);
    expect((await setSss(call, b, typed("西濃運輸", "7777-0002"))).status).toBe(200);
    const [shipmentA] = await shipmentsOf(call, a);
    const [shipmentB] = await shipmentsOf(call, b);

    const ok = await call(`/shipments/${shipmentA!.id}/upload_tracking_number`, "PUT");
    expect(ok.json, JSON.stringify(ok.json)).toMatchObject({
      status: "uploaded",
      order_shipment_status: "shipped",
    });
    const orderA = sim.orders.find((o) => o.shipping_slip === "7777-0001");
    expect(orderA).toMatchObject({ shipping_carrier_id: 2, state: "shipped" });

    const refused = await call(`/shipments/${shipmentB!.id}/upload_tracking_number`, "PUT");
    expect(refused.json).toMatchObject({ status: "failed" });
    expect(refused.json.error).toContain("ストアに『西濃運輸』の配送業者がありません");
    expect((await call(`/shipments/${shipmentB!.id}`)).json).toMatchObject({
      is_error: true,
      errors: [{ field: "upload", message: refused.json.error }],
    });
    const orderB = await call(`/orders/${b}`);
    expect(orderB.json.is_error).toBe(true);
    expect(sim.shippingUpdates).toHaveLength(1);

    // A failed upload left the shop untouched: the merchant corrects the name, which replaces the shipment.
    expect((await setSss(call, b, typed("ヤマト運輸", "7777-0002"))).status).toBe(200);
    const [fixed] = live(await shipmentsOf(call, b));
    expect(fixed).toMatchObject({ carrier_name: "ヤマト運輸", status: "issued", is_error: false });
    const retried = await call(`/shipments/${fixed!.id}/upload_tracking_number`, "PUT");
    expect(retried.json, JSON.stringify(retried.json)).toMatchObject({ status: "uploaded" });
    expect(sim.orders.find((o) => o.shipping_slip === "7777-0002")).toMatchObject({ shipping_carrier_id: 1 });
    expect((await call(`/orders/${b}`)).json).toMatchObject({ is_error: false, shipment_status: "shipped" });
  });
});

describe("tenant isolation", () => {
  it("another company can neither see, upload nor take over the manual shipment", async () => {
    const { call, orders, sim } = await shopifyCompany("okuru-manual-tenant.myshopify.com", [seed(1)]);
    const orderId = orders.get(2001)!;
    expect((await setSss(call, orderId, typed("西濃運輸", "8888-0001"))).status).toBe(200);
    const [shipment] = await shipmentsOf(call, orderId);

    const { call: stranger } = await company();
    expect((await stranger(`/shipments/${shipment!.id}`)).status).toBe(404);
    expect((await stranger(`/shipments/${shipment!.id}/upload_tracking_number`, "PUT")).status).toBe(404);
    expect((await stranger(`/shipments?order_id=${orderId}`)).json.items).toEqual([]);
    expect((await stranger(`/shipments`)).json.items).toEqual([]);
    expect((await setSss(stranger, orderId, typed("西濃運輸", "8888-0002"))).status).toBe(404);
    expect((await stranger(`/orders/${orderId}/delivery`, "DELETE")).status).toBe(404);

    // Untouched: still the one live shipment with its number, nothing sent to the shop.
    expect(live(await shipmentsOf(call, orderId))).toMatchObject([
      { id: shipment!.id, tracking_number: "8888-0001" },
    ]);
    expect(sim.fulfillments).toEqual([]);
  });
});
