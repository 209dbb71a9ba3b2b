import { describe, expect, it } from "vitest";
import {
  emptyText,
  listQuery,
  ShipmentSearch,
  shipmentRow,
  withTab,
} from "../../../web/src/components/ShipmentHistory/shipment-history";
import type { ShipmentListItem } from "../../../web/src/lib/api";

const shipment: ShipmentListItem = {
  id: "shp_1",
  orderId: "ord_1",
  orderNumber: "#1001",
  status: "issued",
  carrier: "yamato",
  carrierAccountId: "ca_1",
  carrierName: null,
  trackingNumber: "333000000004",
  labelId: "label_1",
  parcel: 1,
  parcels: 1,
  source: "label",
  printedAt: "2026-12-03T05:05:00.000Z",
  isError: false,
  errors: [],
  history: [],
  createdAt: "2026-12-03T05:05:00.000Z",
  customer: { name: "山田 陽翔", prefecture: "神奈川県", city: "横浜市中区" },
};

describe("出荷履歴's search and customer column", () => {
  it("keeps the search in the URL across tabs and sends it to GET /shipments", () => {
    const filters = ShipmentSearch.parse({ status: "issued", search: " 陽翔 " });
    expect(filters.search).toBe("陽翔");
    expect(withTab(filters, "all").search).toBe("陽翔");
    expect(listQuery(filters, undefined, 50)).toEqual({ status: "issued", search: "陽翔", limit: 50 });
    expect(emptyText(filters).title).toBe("該当する出荷はありません");
  });

  it("names the recipient with the prefecture and city, and dates as 2026/12/03 14:05", () => {
    const row = shipmentRow(shipment);
    expect([row.customer, row.customerArea, row.printedAt]).toEqual([
      "山田 陽翔",
      "神奈川県横浜市中区",
      "2026/12/03 14:05",
    ]);
    expect(shipmentRow({ ...shipment, customer: null }).customer).toBe("");
  });
});
