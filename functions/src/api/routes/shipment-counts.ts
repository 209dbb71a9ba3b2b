import { z } from "@hono/zod-openapi";
import { COUNT_CAP, countByStatus } from "@okuru/core/entities/shipment/counts";
import { shipmentStatuses } from "@okuru/core/shared/shipment";
import { authErrors, jsonContent, router } from "../openapi";
import { apiRoute } from "./crud";

const StatusCount = z
  .object({
    count: z.number().int(),
    capped: z.boolean().meta({ description: `true なら${COUNT_CAP}件以上（数えるのをそこで止めた）` }),
  })
  .meta({ id: "ShipmentStatusCount" });

const ShipmentCounts = z
  .object({ counts: z.record(z.enum(shipmentStatuses), StatusCount).meta({ description: "状態ごとの件数" }) })
  .meta({ id: "ShipmentCounts" });

/**
 * 出荷履歴's tab counts, mounted under /shipments before the shipments router so that
 * `/counts` is never read as a shipment id.
 */
export const shipmentCounts = router().openapi(
  apiRoute({
    method: "get",
    path: "/counts",
    tag: "shipment",
    summary: `出荷履歴のタブごとの件数（状態ごと、${COUNT_CAP}件まで数える）`,
    responses: { 200: jsonContent(ShipmentCounts, "状態ごとの件数"), ...authErrors },
  }),
  async (c) => c.json({ counts: await countByStatus() }, 200),
);
