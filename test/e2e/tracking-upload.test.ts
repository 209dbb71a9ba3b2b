import { afterAll, describe, expect, it } from "vitest";
import type { SeedOrder } from "../../dev/src/simulators/seed-order";
import { handler as labelJobHandler } from "../../functions/src/queue/label-job";
import { handler as orderSyncHandler } from "../../functions/src/queue/order-sync";
import { handler as trackingUploadHandler } from "../../functions/src/queue/tracking-upload";
import { callApi } from "../support/api";
import { poll, usePrivateLabelQueues } from "../support/e2e";
import {
  closeDialog,
  failuresIn,
  jobFinished,
  selfPrintingAccount,
  useOrderListApp,
} from "../support/e2e-orders";
import { fetchEcforce } from "../support/ecforce-fetch";
import { usePrivateQueue } from "../support/queues";
import { drainQueue, withShops } from "../support/simulators";

const person = (n: number) => ({
  familyName: "高橋",
  givenName: `一郎${n}`,
  familyNameKana: "タカハシ",
  givenNameKana: "イチロウ",
  company: "",
  postalCode: "604-8005",
  prefecture: "京都府",
  city: "京都市中京区",
  address1: "恵比須町534-40",
  address2: "",
  phone: "075-123-4567",
});

function seed(number: number): SeedOrder {
  return {
    number,
    createdAt: new Date(Date.now() - (2 * 86_400 - number) * 1000).toISOString(),
    email: `buyer${number}@example.jp`,
    purchaser: person(number),
    recipient: person(number),
    lineItems: [{ sku: "TEA-01", name: "宇治抹茶 100g", quantity: 1, unitPrice: 1800 }],
    shippingFee: 0,
    payment: "credit_card",
    deliveryDate: null,
    deliveryTime: null,
    note: "",
    state: "open",
  };
}

/** The simulated Ecforce shop names its delivery companies its own way: none is 「ヤマト運輸」. */
const ecforceCarriers = [
  { id: 21, name: "クロネコ宅急便", times: ["午前中"] },
  { id: 22, name: "宅配便（契約B）", times: ["午前中"] },
  { id: 23, name: "ゆうパック", times: ["午前中"] },
] as const;

/** An order as the shop's Admin GraphQL API answers it: its fulfilments and their tracking. */
async function shopifyOrder(origin: string, domain: string, adminToken: string, name: string) {
  const res = await fetch(`${origin}/${domain}/admin/api/2026-10/graphql.json`, {
    method: "POST",
    headers: { "X-Shopify-Access-Token": adminToken, "Content-Type": "application/json" },
    body: JSON.stringify({
      query: `query($q: String!) { orders(first: 2, query: $q) { nodes {
        name displayFulfillmentStatus
        fulfillments(first: 10) { status trackingInfo(first: 10) { number company } }
      } } }`,
      variables: { q: `name:${name}` },
    }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as {
    data: {
      orders: {
        nodes: {
          name: string;
          displayFulfillmentStatus: string;
          fulfillments: { status: string; trackingInfo: { number: string; company: string | null }[] }[];
        }[];
      };
    };
  };
  expect(body.data.orders.nodes).toHaveLength(1);
  return body.data.orders.nodes[0]!;
}

/** An order as the shop's v2 admin REST API answers it (list by number, then the order). */
async function ecforceOrder(baseUrl: string, apiToken: string, number: string) {
  const headers = { Authorization: `Token token="${apiToken}"`, Accept: "application/json" };
  const list = await fetchEcforce(`${baseUrl}/api/v2/admin/orders.json?q[number_eq]=${number}`, { headers });
  expect(list.status).toBe(200);
  const { data } = (await list.json()) as { data: { id: string }[] };
  expect(data).toHaveLength(1);
  const one = await fetchEcforce(`${baseUrl}/api/v2/admin/orders/${data[0]!.id}.json`, { headers });
  expect(one.status).toBe(200);
  return ((await one.json()) as { data: { attributes: Record<string, unknown> } }).data.attributes;
}

/**
 * From labels to the shops as a merchant does it: the Ecforce shop's delivery company
 * for ヤマト運輸 chosen in 店舗設定, labels for orders of a simulated Shopify shop and an
 * Ecforce shop, then 追跡番号をアップロード for the selection with its progress and
 * summary, and the orders in 発送済み; each shop has one fulfilment per order with our
 * number, as its own API answers (Shopify Admin GraphQL, Ecforce admin REST).
 */
describe("tracking upload from the order list", () => {
  let shops: Awaited<ReturnType<typeof withShops>>;

  afterAll(async () => {
    await shops?.stop();
  });
  const app = useOrderListApp({
    before: async () => {
      shops = await withShops();
      // Queues of this file's own: the e2e server runs no consumer, so the test drains them as Lambda would.
      await usePrivateLabelQueues("tracking-upload-e2e");
      await usePrivateQueue("trackingUpload");
    },
  });
  const { table, select, bulkBar } = app;

  it("issues labels, uploads the numbers in bulk with progress and a summary, and the orders are 発送済み in both shops", async () => {
    const account = await selfPrintingAccount("株式会社追跡商店", 55_600_000_000);
    const call = (path: string, method = "GET", body?: unknown) =>
      callApi(`/api${path}`, { method, token: account.idToken, body });

    // A Shopify shop through its OAuth consent, and an Ecforce shop by its token.
    const domain = "okuru-e2e-upload.myshopify.com";
    const { adminToken } = shops.shopify.addShop(domain, [seed(2001), seed(2002), seed(2003)]);
    const start = await call("/shops/shopify", "POST", { shop: domain, from: "settings" });
    expect(start.status, start.text).toBe(200);
    const approved = await fetch(start.json.authorization_url, { method: "POST", redirect: "manual" });
    const query = Object.fromEntries(new URL(approved.headers.get("location")!).searchParams);
    const verified = await call("/shops/shopify/verify_request", "POST", query);
    expect(verified.status, verified.text).toBe(200);
    const { apiToken } = shops.ecforce.addShop("okuru-e2e-upload-ec", [seed(3001)], {
      carriers: ecforceCarriers,
    });
    const ecforceBase = shops.ecforceBaseUrl("okuru-e2e-upload-ec");
    const ecforce = await call("/shops/ecforce", "POST", {
      base_url: ecforceBase,
      api_token: apiToken,
      name: "ecforce 京都店",
    });
    expect(ecforce.status, ecforce.text).toBe(201);
    await drainQueue("orderSync", orderSyncHandler);

    const orders = (await call("/orders?tab_key=notShipped&limit=100")).json.items as {
      id: string;
      order_number: string;
      platform: string;
    }[];
    expect(orders).toHaveLength(4);
    const ecOrder = orders.find((o) => o.platform === "ecforce")!;

    await app.signIn(account);

    // 店舗設定: the shop's companies per carrier, the name-matched one preselected; ヤマト運輸 is changed.
    await app.goto("/settings/stores");
    await app.page.getByRole("button", { name: "ecforce 京都店の設定" }).click();
    const settings = app.page.getByRole("dialog", { name: "ストアの設定" });
    const mapping = settings.getByRole("group", { name: "配送業者の対応" });
    const yamatoSelect = mapping.getByLabel("ヤマト運輸", { exact: true });
    await poll(() => yamatoSelect.inputValue()).toBe("クロネコ宅急便");
    expect(await mapping.getByLabel("日本郵便", { exact: true }).inputValue()).toBe("ゆうパック");
    expect(await mapping.getByLabel("佐川急便", { exact: true }).inputValue()).toBe("");
    await app.shot("upload-0-carrier-mapping");
    await yamatoSelect.click();
    await app.page.getByRole("option", { name: "宅配便（契約B）" }).click();
    expect(await yamatoSelect.inputValue()).toBe("宅配便（契約B）");
    await settings.getByRole("button", { name: "保存する" }).scrollIntoViewIfNeeded();
    await app.shot("upload-0b-carrier-mapping-changed");
    await settings.getByRole("button", { name: "保存する" }).click();
    await settings.waitFor({ state: "hidden" });
    const saved = (await call("/shops")).json.items.find((s: { id: string }) => s.id === ecforce.json.id);
    expect(saved.carrier_mapping).toEqual({ yamato: "22", sagawa: null, japan_post: "23" });

    await app.goto("/orders?tab_key=notShipped");
    await poll(() => table().getByRole("row").count()).toBe(5);

    // Labels for three of the four: #2003 gets none.
    await select("#2001", "#2002", ecOrder.order_number);
    await bulkBar().getByRole("button", { name: "送り状発行" }).click();
    const labels = app.page.getByRole("dialog", { name: "送り状発行" });
    await labels.getByText("0 / 3件").waitFor();
    expect(await drainQueue("labelJob", labelJobHandler)).toEqual({ handled: 1, failed: 0 });
    await labels.getByText("3件の注文に送り状を発行しました（3枚）").waitFor({ timeout: 15_000 });
    // The brand does not upload by itself (the default): the dialog says nothing of it.
    expect(await labels.getByText("追跡番号を自動でアップロードします").count()).toBe(0);
    await closeDialog(labels);
    const numbers = new Map<string, string>();
    for (const order of orders) {
      const shipments = (await call(`/shipments?order_id=${order.id}`)).json.items;
      if (shipments.length) numbers.set(order.order_number, shipments[0].tracking_number);
    }
    expect(numbers.size).toBe(3);

    // All four to the shops: three go, the one without a label is named with the reason.
    await app.page.getByRole("checkbox", { name: "このページの注文をすべて選択" }).check();
    await bulkBar().getByText("4件を選択中").waitFor();
    await bulkBar().getByRole("button", { name: "追跡番号をアップロード" }).click();
    const modal = app.page.getByRole("dialog", { name: "追跡番号のアップロード" });
    await modal.getByText("追跡番号をアップロードしています…").waitFor();
    // The order with nothing to upload has its result at once; the others wait for the queue.
    await modal.getByText("1 / 4件").waitFor({ timeout: 15_000 });
    expect(
      await modal
        .getByRole("progressbar", { name: "追跡番号のアップロード状況" })
        .getAttribute("aria-valuenow"),
    ).toBe("25");
    await app.shot("upload-1-progress");
    expect(await bulkBar().count()).toBe(0);

    expect(await drainQueue("trackingUpload", trackingUploadHandler)).toEqual({ handled: 1, failed: 0 });
    await jobFinished(
      modal,
      "アップロードが完了しました",
      "4 / 4件",
      "3件の追跡番号をストアにアップロードしました",
    );
    // The one failure is an order (nothing to upload), and the list says so.
    expect(await failuresIn(modal, "アップロードできなかった注文（1件）")).toEqual([
      "#2003アップロードできる送り状がありません。先に送り状を発行してください。",
    ]);
    // Nothing a retry could send again.
    expect(await modal.getByRole("button", { name: "失敗分を再試行" }).count()).toBe(0);
    await app.shot("upload-2-summary");
    await closeDialog(modal);

    // 発送済み has the three; 未発送 keeps #2003.
    await app.page.getByRole("tab", { name: /^発送済み/ }).click();
    await poll(() => table().getByRole("row").count()).toBe(4);
    for (const n of ["#2001", "#2002", ecOrder.order_number])
      await table().getByText(n, { exact: true }).waitFor();
    await app.shot("upload-3-shipped-tab");

    // Each shop fulfilled each order once, with its number, as its own API answers.
    for (const n of ["#2001", "#2002"]) {
      const order = await shopifyOrder(shops.shopifyOrigin, domain, adminToken, n);
      expect(order.displayFulfillmentStatus).toBe("FULFILLED");
      const fulfillments = order.fulfillments.filter((f) => f.status !== "CANCELLED");
      expect(fulfillments).toHaveLength(1);
      expect(fulfillments[0]!.trackingInfo).toEqual([{ number: numbers.get(n), company: "Yamato (JA)" }]);
    }
    const untouched = await shopifyOrder(shops.shopifyOrigin, domain, adminToken, "#2003");
    expect(untouched).toMatchObject({ displayFulfillmentStatus: "UNFULFILLED", fulfillments: [] });
    // Ecforce: our number, with the delivery company chosen in 店舗設定 for ヤマト運輸.
    expect(await ecforceOrder(ecforceBase, apiToken, ecOrder.order_number.replace(/^#/, ""))).toMatchObject({
      shipping_slip: numbers.get(ecOrder.order_number),
      shipping_carrier_id: 22,
      state: "shipped",
    });
  });
});
