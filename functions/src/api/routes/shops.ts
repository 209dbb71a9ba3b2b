import { createRoute } from "@hono/zod-openapi";
import { Shop } from "@okuru/core/shop";
import {
  authErrors,
  bearerSecurity,
  inputErrors,
  jsonContent,
  PageQuery,
  pageOf,
  router,
  toPage,
} from "../openapi";

const ShopList = pageOf(Shop.Info, "ShopList");

export const shops = router().openapi(
  createRoute({
    method: "get",
    path: "/",
    tags: ["shop"],
    summary: "連携しているストアと同期の状況",
    security: bearerSecurity,
    request: { query: PageQuery },
    responses: { 200: jsonContent(ShopList, "ストアの一覧"), ...inputErrors, ...authErrors },
  }),
  async (c) => {
    const { cursor, limit } = c.req.valid("query");
    return c.json(toPage(await Shop.list({ cursor, limit }), Shop.serialize), 200);
  },
);
