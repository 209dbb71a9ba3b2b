import { z } from "zod";

/**
 * The connect forms' schemas, reached only through their dynamic imports (ConnectShopifyForm,
 * ConnectEcforceForm): the ストア管理 screen draws its forms without zod.
 */

export const ShopifyConnectInput = z.object({
  shop: z.string().trim().min(1, { error: "ストアのURLを入力してください" }),
});

export const EcforceConnectInput = z.object({
  base_url: z.string().trim().min(1, { error: "ショップのURLを入力してください" }),
  api_token: z.string().trim().min(1, { error: "APIトークンを入力してください" }),
  name: z
    .string()
    .trim()
    .max(100, { error: "表示名は100文字以内で入力してください" })
    .transform((name) => name || undefined),
});
