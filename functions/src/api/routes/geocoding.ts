import { z } from "@hono/zod-openapi";
import { InputError } from "@okuru/core/error";
import { Geocoding } from "@okuru/core/geocoding";
import { authErrors, inputErrors, jsonContent, notFound, router } from "../openapi";
import { apiRoute } from "./crud";

const Result = z
  .object({ postal_code: z.string(), display: z.string(), addresses: z.array(Geocoding.Address) })
  .meta({ id: "Geocoding" });

const postcode = z.string().max(32).meta({ example: "100-0001" });

/**
 * The product spec names the query `addressPostcode`, and our own client sends
 * `address_postcode`: an integrator following either spelling is answered.
 */
const Query = z.object({
  address_postcode: postcode.optional(),
  addressPostcode: postcode.optional().meta({ description: "address_postcode の別名（仕様書の表記）" }),
});

const postcodeMissing = () =>
  new InputError("input.invalid", "入力内容に誤りがあります。", {
    address_postcode: "郵便番号を指定してください",
  });

export const geocoding = router();
geocoding.openapi(
  apiRoute({
    method: "get",
    path: "/",
    tag: "geocoding",
    summary: "郵便番号から住所を検索する（該当する全ての住所）",
    request: { query: Query },
    responses: { 200: jsonContent(Result, "住所"), ...inputErrors, ...authErrors, ...notFound },
  }),
  (c) => {
    const query = c.req.valid("query");
    const code = query.address_postcode ?? query.addressPostcode;
    if (code === undefined) throw postcodeMissing();
    return c.json(Geocoding.lookup(code), 200);
  },
);
