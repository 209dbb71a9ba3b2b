import { z } from "zod";

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

/** Placeholder until the postal-code check lands (being written now); it accepts everything. */
export async function assertPostalCode(_address: {
  postal_code: string;
  prefecture: string;
}): Promise<void> {}
