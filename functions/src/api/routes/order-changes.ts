import { z } from "@hono/zod-openapi";
import { Order } from "@okuru/core/entities/order";
import { authErrors, jsonContent, router } from "../openapi";
import { apiRoute } from "./crud";

const OrderChanges = z
  .object({
    version: z.number().int().meta({
      description:
        "注文が取り込まれたり変更されたりするたびに増える番号。前回と違うときだけ一覧を読み直す（値そのものに意味はない）",
    }),
    counts: z.record(z.enum(Order.tabs), z.number()).meta({ description: "タブごとの件数" }),
  })
  .meta({ id: "OrderChanges" });

/**
 * The open list's change feed: polled every few seconds, so it answers from a few reads
 * by key instead of a page of orders. Mounted under /orders before the orders router so
 * that `/changes` is never read as an order id.
 */
export const orderChangeFeed = router().openapi(
  apiRoute({
    method: "get",
    path: "/changes",
    tag: "order",
    summary: "注文の変更の目印とタブごとの件数（一覧を読み直すかどうかの判断用、軽い）",
    responses: { 200: jsonContent(OrderChanges, "変更の目印とタブごとの件数"), ...authErrors },
  }),
  async (c) => c.json(await Order.orderChanges(), 200),
);
