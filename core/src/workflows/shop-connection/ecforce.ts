import { z } from "zod";
import { assertAdmin } from "../../actor";
import { EcforceCredentials, openCredentials } from "../../entities/shop/credentials";
import type { ShopItem } from "../../entities/shop/entity";
import { InputError, RuleError } from "../../error";
import { Ecforce } from "../../platforms/ecforce";
import { checkPublicUrl, identityOf } from "../../platforms/outbound-url";
import { saveShop, shopOn } from "./save";

// ---------------------------------------------------------------------------
// Ecforce

export const EcforceConnect = z.object({
  base_url: z
    .string({ error: "ショップのURLを入力してください" })
    .min(1, { error: "ショップのURLを入力してください" })
    .max(255),
  api_token: z
    .string({ error: "APIトークンを入力してください" })
    .min(1, { error: "APIトークンを入力してください" })
    .max(512),
  name: z.string().max(100).optional(),
});

/**
 * Anything but a refused token or the platform's rate limit, whether the address is
 * private, closed, slow, failing or not an Ecforce API, gets this one answer: the form
 * must not tell internal services apart.
 */
const unreachable = () =>
  new InputError("shop.verify_failed", Ecforce.UNREACHABLE, { base_url: Ecforce.UNREACHABLE });

/**
 * Checks the URL and token with a real call before saving; a wrong one is a field error
 * and nothing is saved. The shop is stored under its canonical URL, so every spelling of
 * one shop meets the same routing link.
 */
export async function connectEcforce(input: z.input<typeof EcforceConnect>): Promise<ShopItem> {
  assertAdmin();
  const value = EcforceConnect.parse(input);
  const baseUrl = Ecforce.baseUrlFrom(value.base_url);
  if (!baseUrl) {
    throw new InputError("shop.invalid_url", "入力内容に誤りがあります。", {
      base_url: "「https://shop.example.jp」の形式で入力してください",
    });
  }
  await checkPublicUrl(baseUrl).catch(() => {
    throw unreachable();
  });
  try {
    await Ecforce.verify({ baseUrl, apiToken: value.api_token }, { maxAttempts: 2, sleep: async () => {} });
  } catch (err) {
    if (!(err instanceof Ecforce.EcforceError)) throw err;
    if (err.kind === "auth")
      throw new InputError("shop.verify_failed", err.message, { api_token: err.message });
    if (err.kind === "throttled")
      throw new InputError("shop.verify_failed", err.message, { base_url: err.message });
    throw unreachable();
  }
  const domain = identityOf(baseUrl);
  return saveShop({
    platform: "ecforce",
    domain,
    name: value.name?.trim() || domain,
    credentials: { baseUrl, apiToken: value.api_token },
  });
}

/** The shop's delivery companies, to map to ours for the shipping update. */
export async function ecforceCarriers(shopId: string): Promise<Ecforce.Carrier[]> {
  return ecforceCarriersOf(await shopOn("ecforce", shopId));
}

export async function ecforceCarriersOf(shop: ShopItem): Promise<Ecforce.Carrier[]> {
  try {
    return await Ecforce.carriers(await openCredentials(shop, EcforceCredentials), { maxAttempts: 2 });
  } catch (err) {
    if (err instanceof Ecforce.EcforceError) throw new RuleError("shop.platform_error", err.message);
    throw err;
  }
}
