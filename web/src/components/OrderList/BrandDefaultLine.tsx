import { Text } from "@mantine/core";
import { carriers } from "@okuru/core/shared/brand";
import { useQueries, useQuery } from "@tanstack/react-query";
import type { Order } from "../../lib/api";
import { brandQueryOptions } from "../../queries/brands";
import { carrierAccountsQueryOptions } from "../../queries/carriers";
import { companyQueryOptions } from "../../queries/companies";
import { sendersQueryOptions } from "../../queries/senders";
import { brandCarrier, brandDefaultText } from "./brand-default";
import { storedCarrier } from "./delivery-form";

/**
 * Says what 「ブランドの既定」 is for this order right now (carrier, service, sender), so
 * the merchant need not open 設定 to know what will print. Nothing while it is read.
 */
export function BrandDefaultLine({ order }: { order: Order }) {
  const deliveryFromBrand = storedCarrier(order) === null;
  const senderFromBrand = order.senderId === null;
  const brand = useQuery({ ...brandQueryOptions(), enabled: deliveryFromBrand || senderFromBrand });
  const senders = useQuery({ ...sendersQueryOptions(), enabled: senderFromBrand });
  const company = useQuery({ ...companyQueryOptions(), enabled: senderFromBrand });
  // Only needed when the brand names no carrier: then the one carrier with an account ships.
  const accounts = useQueries({
    queries: carriers.map((carrier) => ({
      ...carrierAccountsQueryOptions(carrier),
      enabled: deliveryFromBrand && brand.data !== undefined && brand.data.defaultCarrier === null,
    })),
  });
  if (!brand.data) return null;
  if (deliveryFromBrand && brand.data.defaultCarrier === null && accounts.some((a) => !a.data)) return null;
  if (senderFromBrand && (!senders.data || !company.data)) return null;

  const defaultSenderId = brand.data.defaultSenderId;
  const senderName = senderFromBrand
    ? (senders.data?.items.find((sender) => sender.id === defaultSenderId)?.name ?? company.data?.name)
    : undefined;
  const text = brandDefaultText({
    carrier: brandCarrier(
      brand.data.defaultCarrier,
      carriers.filter((_, i) => (accounts[i]?.data?.items.length ?? 0) > 0),
    ),
    cod: order.codAmount !== null && order.codAmount > 0,
    senderName,
    deliveryFromBrand,
  });
  return text ? (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  ) : null;
}
