import { type Carrier, carrierLabels } from "@okuru/core/shared/brand";
import { japanPostPaymentTypes, sagawaServiceTypes, yamatoServiceTypes } from "@okuru/core/shared/delivery";

/**
 * What an order without its own delivery ships with: the brand's default carrier, else
 * the only carrier the company has an account with (as the label batch decides), else none.
 */
export function brandCarrier(
  defaultCarrier: Carrier | null,
  accountCarriers: readonly Carrier[],
): Carrier | null {
  if (defaultCarrier) return defaultCarrier;
  return accountCarriers.length === 1 ? accountCarriers[0]! : null;
}

/** The service the carrier's defaults choose for the order: cash on delivery takes the COD code. */
function defaultService(carrier: Carrier, cod: boolean): string {
  switch (carrier) {
    case "yamato":
      return yamatoServiceTypes[cod ? "2" : "0"];
    case "japan_post":
      return japanPostPaymentTypes[cod ? "2" : "0"];
    case "sagawa":
      return sagawaServiceTypes["000"];
  }
}

/**
 * 「ブランドの既定: ヤマト運輸 発払い / 株式会社まるや」: what the order falls back to, in
 * words, only for the parts it takes from the brand (its own delivery or sender is its own).
 * null when neither falls back.
 */
export function brandDefaultText(input: {
  /** The carrier the brand's defaults give, or null when no carrier is decided. */
  carrier: Carrier | null;
  cod: boolean;
  /** The sender's name when the order takes the brand's sender, else undefined. */
  senderName: string | undefined;
  /** Whether the order's delivery is the brand's (no carrier set on the order). */
  deliveryFromBrand: boolean;
}): string | null {
  const { carrier, cod, senderName, deliveryFromBrand } = input;
  const delivery = deliveryFromBrand
    ? carrier
      ? `${carrierLabels[carrier]} ${defaultService(carrier, cod)}`
      : "配送会社は未設定"
    : undefined;
  const parts = [delivery, senderName].filter((part): part is string => Boolean(part));
  if (parts.length === 0) return null;
  return delivery ? `ブランドの既定: ${parts.join(" / ")}` : `ブランドの既定の発送元: ${senderName}`;
}
