import type { z } from "@hono/zod-openapi";
import { Brand } from "@okuru/core/entities/brand";
import {
  BrandDefaultCarrier,
  BrandDefaultItemCategory,
  BrandDefaultSender,
  BrandPrintSettings,
  BrandUpdate,
} from "@okuru/core/shared/brand";
import { OrderSync } from "@okuru/core/workflows/order-sync";
import { authErrors, inputErrors, jsonContent, notFound, router, ruleErrors } from "../openapi";
import { apiRoute, jsonBody } from "./crud";

function put(path: string, summary: string, schema: z.ZodType) {
  return apiRoute({
    method: "put",
    path,
    tag: "brand",
    summary,
    request: { body: jsonBody(schema) },
    responses: {
      200: jsonContent(Brand.Info, "更新したブランド"),
      ...inputErrors,
      ...authErrors,
      ...notFound,
      ...ruleErrors,
    },
  });
}

export const brands = router();
brands
  .openapi(
    apiRoute({
      method: "get",
      path: "/",
      tag: "brand",
      summary: "ブランド設定（デフォルトの発送元・備考欄・印刷設定）",
      responses: { 200: jsonContent(Brand.Info, "ブランド"), ...authErrors },
    }),
    async (c) => c.json(Brand.serialize(await Brand.get()), 200),
  )
  .openapi(put("/", "ブランド名を更新する", BrandUpdate), async (c) =>
    c.json(Brand.serialize(await Brand.update(await c.req.json())), 200),
  )
  .openapi(put("/senders", "デフォルトの発送元を設定する", BrandDefaultSender), async (c) =>
    c.json(Brand.serialize(await OrderSync.judgedAfter(Brand.setDefaultSender)(await c.req.json())), 200),
  )
  .openapi(put("/item_categories", "デフォルトの備考欄設定を設定する", BrandDefaultItemCategory), async (c) =>
    c.json(
      Brand.serialize(await OrderSync.judgedAfter(Brand.setDefaultItemCategory)(await c.req.json())),
      200,
    ),
  )
  .openapi(
    put("/carrier", "注文が配送会社を指定していないときの配送会社を設定する", BrandDefaultCarrier),
    async (c) =>
      c.json(Brand.serialize(await OrderSync.judgedAfter(Brand.setDefaultCarrier)(await c.req.json())), 200),
  )
  .openapi(put("/print_settings", "配送会社ごとの印刷設定を更新する", BrandPrintSettings), async (c) =>
    c.json(Brand.serialize(await Brand.setPrintSettings(await c.req.json())), 200),
  );
