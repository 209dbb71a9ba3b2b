import { z } from "zod";
import { InputError } from "./error";
import { Geocoding } from "./geocoding";
import { formatPostalCode, normalizePostalCode } from "./shared/text";

/**
 * An address with its phone number, as stored (camelCase attributes) and as it
 * travels (snake_case fields). Company profiles and senders share it, so both
 * directions are written once.
 */
export type StoredAddress = {
  postalCode?: string;
  prefecture?: string;
  city?: string;
  address1?: string;
  address2?: string;
  phone?: string;
};

export const AddressInfo = {
  postal_code: z.string(),
  prefecture: z.string(),
  city: z.string(),
  address1: z.string(),
  address2: z.string(),
  phone: z.string(),
};
export type AddressWire = { [K in keyof typeof AddressInfo]: string };

export function addressToWire(item: StoredAddress): AddressWire {
  return {
    postal_code: item.postalCode ?? "",
    prefecture: item.prefecture ?? "",
    city: item.city ?? "",
    address1: item.address1 ?? "",
    address2: item.address2 ?? "",
    phone: item.phone ?? "",
  };
}

export function addressFromWire(value: AddressWire) {
  return {
    postalCode: value.postal_code,
    prefecture: value.prefecture,
    city: value.city,
    address1: value.address1,
    address2: value.address2,
    phone: value.phone,
  };
}

/**
 * Whether a postal code belongs to the address's prefecture, keyed by the wire field
 * it concerns, in Japanese; empty when it does (for any of the code's addresses: one
 * code may span two prefectures, 498-0000). Carriers sort parcels by postal code, so
 * a code of another prefecture sends the parcel to the wrong depot.
 */
export function postalCodeProblems(address: {
  postal_code: string;
  prefecture: string;
  city?: string;
  address1?: string;
}): Record<string, string> {
  const code = normalizePostalCode(address.postal_code);
  if (!code) return { postal_code: "郵便番号は7桁の数字で入力してください（例: 100-0001）" };
  const addresses = Geocoding.addressesOf(code);
  if (addresses.length === 0) return { postal_code: "郵便番号が見つかりません。ご確認ください。" };
  if (addresses.some((a) => a.prefecture === address.prefecture)) return {};
  const where = [...new Set(addresses.map((a) => a.prefecture))].join("・");
  const own = address.city !== undefined && address.address1 !== undefined ? codesOfAddress(address) : "";
  return {
    postal_code: `郵便番号と都道府県が一致しません（${formatPostalCode(code)} は${where}の郵便番号です${own ? `。住所の郵便番号は ${own} です` : ""}）`,
  };
}

/** The address's own postal codes, as the merchant reads them (`010-0001・010-0002`); "" when unknown. */
export function codesOfAddress(address: { prefecture: string; city?: string; address1?: string }): string {
  const codes = Geocoding.postalCodesOfAddress({
    prefecture: address.prefecture,
    city: address.city ?? "",
    address1: address.address1 ?? "",
  });
  // More than a few is a city-wide guess, not a suggestion.
  return codes.length > 0 && codes.length <= 3 ? codes.map(formatPostalCode).join("・") : "";
}

/** Refuses an address whose postal code is not of its prefecture, with the message on the field. */
export async function assertPostalCode(address: {
  postal_code: string;
  prefecture: string;
  city?: string;
  address1?: string;
}): Promise<void> {
  const fields = postalCodeProblems(address);
  if (Object.keys(fields).length > 0)
    throw new InputError("input.invalid", "入力内容に誤りがあります。", fields);
}
