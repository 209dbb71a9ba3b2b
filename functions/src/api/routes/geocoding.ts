import { z } from "@hono/zod-openapi";
import { Geocoding } from "@okuru/core/geocoding";
import { authErrors, inputErrors, jsonContent, notFound, router } from "../openapi";
import { apiRoute } from "./crud";

const Result = z
  .object({ postal_code: z.string(), display: z.string(), addresses: z.array(Geocoding.Address) })
  .meta({ id: "Geocoding" });

export const geocoding = router();
geocoding.openapi(
  apiRoute({
    method: "get",
    path: "/",
    tag: "geocoding",
    summary: "郵便番号から住所を検索する（該当する全ての住所）",
    request: { query: Geocoding.Query },
    responses: { 200: jsonContent(Result, "住所"), ...inputErrors, ...authErrors, ...notFound },
  }),
  (c) => c.json(Geocoding.lookup(c.req.valid("query").address_postcode), 200),
);
