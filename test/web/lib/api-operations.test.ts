import {
  bulkUpdateOrders,
  cancelShipment,
  cancelShipments,
  createCarrierAccount,
  createEcforceShop,
  createExport,
  createImport,
  createImportUpload,
  createShopifyShop,
  deleteCarrierAccount,
  deleteEcforceShop,
  deleteShopifyShop,
  getCarrierAccounts,
  getEcforceCarriers,
  getExport,
  getLabelBatch,
  getOrder,
  getOrderIds,
  getOrders,
  getShipmentCounts,
  getShipments,
  getShops,
  getTrackingUploadJob,
  issueLabels,
  RequiredError,
  reissueShipments,
  resetOrderDelivery,
  setIdTokenProvider,
  syncOrders,
  updateCarrierAccount,
  updateEcforceShop,
  updateOrderCustomer,
  updateOrderDelivery,
  updateOrderSender,
  updateShopifyShop,
  uploadTrackingNumber,
  uploadTrackingNumbers,
  verifyShopifyRequest,
} from "../../../web/src/lib/api";
import { readingRequests, type SentInit } from "../fake-api";

/**
 * The order, shop, carrier-account and shipment operations: each one's method, path,
 * query and body as sent, and the parameters it refuses to go without.
 */

const fetchMock = vi.fn<(url: string, init: SentInit) => Promise<Response>>();

function call(n = 0) {
  const [url, init] = fetchMock.mock.calls[n]!;
  return { url, method: init.method, headers: init.headers, body: init.body && JSON.parse(init.body) };
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => new Response("{}", { status: 200 }));
  vi.stubGlobal("fetch", readingRequests(fetchMock));
  setIdTokenProvider(async () => "id-token-123");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// The bodies only travel here; their shapes are the API's business, checked by its own tests.
const customer = { name: "山田 太郎", postal_code: "1000001" } as never;
const account = { name: "本社", mode: "self_printed" } as never;

describe("operations", () => {
  it.each([
    [
      "getOrders",
      () => getOrders({ tab_key: "error", search: "山田" }),
      "GET",
      "/api/orders?tab_key=error&search=%E5%B1%B1%E7%94%B0",
    ],
    [
      "getOrderIds",
      () => getOrderIds({ tab_key: "notShipped" }),
      "GET",
      "/api/orders/ids?tab_key=notShipped",
    ],
    ["getOrder", () => getOrder("ord_1"), "GET", "/api/orders/ord_1"],
    [
      "updateOrderCustomer",
      () => updateOrderCustomer("ord_1", customer),
      "PUT",
      "/api/orders/ord_1/customer",
      customer,
    ],
    [
      "updateOrderSender",
      () => updateOrderSender("ord_1", { sender_id: "snd_1" } as never),
      "PUT",
      "/api/orders/ord_1/sender",
      { sender_id: "snd_1" },
    ],
    [
      "updateOrderDelivery yamato",
      () => updateOrderDelivery("ord_1", "yamato", { time_slot: "0812" } as never),
      "PUT",
      "/api/orders/ord_1/delivery/yamato",
      { time_slot: "0812" },
    ],
    [
      "updateOrderDelivery japan_post",
      () => updateOrderDelivery("ord_1", "japan_post", {} as never),
      "PUT",
      "/api/orders/ord_1/delivery/japan_post",
      {},
    ],
    [
      "updateOrderDelivery sss",
      () => updateOrderDelivery("ord_1", "sss", { carrier_name: "西濃運輸", tracking_number: "1234" }),
      "PUT",
      "/api/orders/ord_1/delivery/sss",
      { carrier_name: "西濃運輸", tracking_number: "1234" },
    ],
    ["resetOrderDelivery", () => resetOrderDelivery("ord_1"), "DELETE", "/api/orders/ord_1/delivery"],
    [
      "bulkUpdateOrders",
      () => bulkUpdateOrders({ order_ids: ["ord_1"] } as never),
      "PUT",
      "/api/orders/bulk_update",
      { order_ids: ["ord_1"] },
    ],
    ["syncOrders", () => syncOrders(), "POST", "/api/orders/sync"],
    ["getShops", () => getShops(), "GET", "/api/shops"],
    [
      "createShopifyShop",
      () => createShopifyShop({ shop: "okuru.myshopify.com" } as never),
      "POST",
      "/api/shops/shopify",
      { shop: "okuru.myshopify.com" },
    ],
    [
      "updateShopifyShop",
      () => updateShopifyShop({ shop_id: "shop_1" } as never),
      "PUT",
      "/api/shops/shopify",
      { shop_id: "shop_1" },
    ],
    [
      "deleteShopifyShop",
      () => deleteShopifyShop({ shop_id: "shop_1" }),
      "DELETE",
      "/api/shops/shopify?shop_id=shop_1",
    ],
    [
      "verifyShopifyRequest",
      () => verifyShopifyRequest({ query: "a=1" } as never),
      "POST",
      "/api/shops/shopify/verify_request",
      { query: "a=1" },
    ],
    [
      "createEcforceShop",
      () => createEcforceShop({ base_url: "https://shop.example.jp" } as never),
      "POST",
      "/api/shops/ecforce",
      { base_url: "https://shop.example.jp" },
    ],
    [
      "updateEcforceShop",
      () => updateEcforceShop({ shop_id: "shop_2" } as never),
      "PUT",
      "/api/shops/ecforce",
      { shop_id: "shop_2" },
    ],
    [
      "deleteEcforceShop",
      () => deleteEcforceShop({ shop_id: "shop_2" }),
      "DELETE",
      "/api/shops/ecforce?shop_id=shop_2",
    ],
    [
      "getEcforceCarriers",
      () => getEcforceCarriers({ shop_id: "shop_2" }),
      "GET",
      "/api/shops/ecforce/carriers?shop_id=shop_2",
    ],
    ["getCarrierAccounts", () => getCarrierAccounts("japan_post"), "GET", "/api/japan_post"],
    ["createCarrierAccount", () => createCarrierAccount("sagawa", account), "POST", "/api/sagawa", account],
    [
      "updateCarrierAccount",
      () => updateCarrierAccount("yamato", "cacc_1", account),
      "PUT",
      "/api/yamato/cacc_1",
      account,
    ],
    [
      "deleteCarrierAccount",
      () => deleteCarrierAccount("japan_post", "cacc_1"),
      "DELETE",
      "/api/japan_post/cacc_1",
    ],
    ["getLabelBatch", () => getLabelBatch("label_1"), "GET", "/api/shipments/labels?label_id=label_1"],
    [
      "createExport",
      () => createExport({ format: "clickpost", order_ids: ["ord_1"] } as never),
      "POST",
      "/api/exports",
      { format: "clickpost", order_ids: ["ord_1"] },
    ],
    ["getExport", () => getExport("exp_1"), "GET", "/api/exports/exp_1"],
    [
      "createImport",
      () => createImport({ format: "yamato_b2", upload_key: "k" } as never),
      "POST",
      "/api/imports",
      { format: "yamato_b2", upload_key: "k" },
    ],
    [
      "createImportUpload",
      () => createImportUpload({ size: 800_000 }),
      "POST",
      "/api/imports/uploads",
      { size: 800_000 },
    ],
    [
      "getShipments",
      () => getShipments({ status: "issued", order_id: "ord_1" }),
      "GET",
      "/api/shipments?status=issued&order_id=ord_1",
    ],
    ["getShipmentCounts", () => getShipmentCounts(), "GET", "/api/shipments/counts"],
    ["cancelShipment", () => cancelShipment("shp_1"), "PUT", "/api/shipments/shp_1/cancel"],
    [
      "cancelShipments",
      () => cancelShipments({ ids: ["shp_1"] } as never),
      "PUT",
      "/api/shipments/cancel_shipments",
      { ids: ["shp_1"] },
    ],
    [
      "getTrackingUploadJob",
      () => getTrackingUploadJob("job_1"),
      "GET",
      "/api/shipments/upload_tracking_numbers/job_1",
    ],
  ] as const)("%s: method, path, query and body as sent", async (_, send, method, url, body?: unknown) => {
    await send();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(call()).toMatchObject({ method, url, body });
    expect(call().headers.Authorization).toBe("Bearer id-token-123");
  });

  it.each([
    [
      "issueLabels",
      () => issueLabels({ order_ids: ["ord_1"] }, "click-1"),
      "POST",
      "/api/shipments/labels",
      { order_ids: ["ord_1"] },
    ],
    [
      "reissueShipments",
      () => reissueShipments({ shipment_ids: ["shp_1"] } as never, "click-1"),
      "POST",
      "/api/shipments/reissue",
      { shipment_ids: ["shp_1"] },
    ],
    [
      "uploadTrackingNumber",
      () => uploadTrackingNumber("shp_1", "click-1"),
      "PUT",
      "/api/shipments/shp_1/upload_tracking_number",
    ],
    [
      "uploadTrackingNumbers",
      () => uploadTrackingNumbers({ shipment_ids: ["shp_1"] }, "click-1"),
      "PUT",
      "/api/shipments/upload_tracking_numbers",
      { shipment_ids: ["shp_1"] },
    ],
  ] as const)("%s sends the click's Idempotency-Key", async (_, send, method, url, body?: unknown) => {
    await send();
    expect(call()).toMatchObject({ method, url, body });
    expect(call().headers["Idempotency-Key"]).toBe("click-1");
    expect(call().headers.Authorization).toBe("Bearer id-token-123");
  });

  it("sends a delivery update to the carrier's own path, the id encoded", async () => {
    await updateOrderDelivery("ord/1 x", "sagawa", {} as never);
    expect(call().url).toBe("/api/orders/ord%2F1%20x/delivery/sagawa");
  });
});

describe("required parameters", () => {
  const none = undefined as never;
  it.each([
    ["getOrder", "id", () => getOrder(none)],
    ["updateOrderCustomer", "id", () => updateOrderCustomer(none, customer)],
    ["updateOrderCustomer", "orderCustomerUpdateReq", () => updateOrderCustomer("ord_1", none)],
    ["updateOrderSender", "orderSenderUpdateReq", () => updateOrderSender("ord_1", null as never)],
    ["updateOrderDeliveryJapanPost", "id", () => updateOrderDelivery(none, "japan_post", {} as never)],
    ["updateOrderDeliverySss", "orderDeliveryUpdateReq", () => updateOrderDelivery("ord_1", "sss", none)],
    ["resetOrderDelivery", "id", () => resetOrderDelivery(none)],
    ["bulkUpdateOrders", "orderBulkUpdateReq", () => bulkUpdateOrders(none)],
    ["createShopifyShop", "shopifyStartReq", () => createShopifyShop(none)],
    ["updateShopifyShop", "shopSettingsUpdateReq", () => updateShopifyShop(none)],
    ["verifyShopifyRequest", "shopifyVerifyReq", () => verifyShopifyRequest(none)],
    ["createEcforceShop", "ecforceConnectReq", () => createEcforceShop(none)],
    ["updateEcforceShop", "shopSettingsUpdateReq", () => updateEcforceShop(none)],
    ["createJapanPostAccount", "japanPostAccountReq", () => createCarrierAccount("japan_post", none)],
    ["createSagawaAccount", "sagawaAccountReq", () => createCarrierAccount("sagawa", null as never)],
    ["updateYamatoAccount", "id", () => updateCarrierAccount("yamato", none, account)],
    ["updateYamatoAccount", "yamatoAccountReq", () => updateCarrierAccount("yamato", "cacc_1", none)],
    ["deleteSagawaAccount", "id", () => deleteCarrierAccount("sagawa", none)],
    ["getLabelBatch", "labelId", () => getLabelBatch(none)],
    ["createExport", "exportReq", () => createExport(none)],
    ["getExport", "export_id", () => getExport(none)],
    ["createImport", "importReq", () => createImport(none)],
    ["createImportUpload", "importUploadReq", () => createImportUpload(none)],
    ["cancelShipment", "id", () => cancelShipment(none)],
    ["cancelShipments", "shipmentCancelReq", () => cancelShipments(none)],
    ["getTrackingUploadJob", "job_id", () => getTrackingUploadJob(none)],
    // The spec names the label issue's body and every by-id call's id as required too.
    ["issueLabels", "labelIssueReq", () => issueLabels(none, "click-1")],
    ["uploadTrackingNumber", "id", () => uploadTrackingNumber(none, "click-1")],
  ])("%s without %s throws before anything is sent", async (operationName, name, send) => {
    await expect(send()).rejects.toThrow(new RequiredError(name, operationName));
    await expect(send()).rejects.toBeInstanceOf(RequiredError);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
