import type { Carrier } from "@okuru/core/shared/brand";
import { queryOptions, useSuspenseQueries } from "@tanstack/react-query";
import {
  type CarrierAccountReq,
  createCarrierAccount,
  deleteCarrierAccount,
  getCarrierAccounts,
  updateCarrierAccount,
} from "../lib/api";
import { carriers } from "../lib/route-values";
import { type RecordUpdate, useInvalidatingMutation } from "./mutations";

export const carrierAccountKeys = {
  all: ["carrierAccounts"] as const,
  list: (carrier: Carrier) => [...carrierAccountKeys.all, carrier] as const,
};

export const carrierAccountsQueryOptions = (carrier: Carrier) =>
  queryOptions({ queryKey: carrierAccountKeys.list(carrier), queryFn: () => getCarrierAccounts(carrier) });

/** Every carrier's accounts, in the order of `carriers` (日本郵便, 佐川急便, ヤマト運輸). */
export function useAllCarrierAccounts() {
  return useSuspenseQueries({
    queries: carriers.map((carrier) => carrierAccountsQueryOptions(carrier)),
    combine: (results) => carriers.map((carrier, i) => ({ carrier, items: results[i]?.data.items ?? [] })),
  });
}

/** Whether any carrier has an account (the setup wizard's last step asks for one). */
export function useHasCarrierAccount(): boolean {
  return useAllCarrierAccounts().some(({ items }) => items.length > 0);
}

// Saving one account can move the carrier's default off another: each change reads the whole list again.

export function useCreateCarrierAccount<C extends Carrier>(carrier: C) {
  return useInvalidatingMutation(carrierAccountKeys.list(carrier), (body: CarrierAccountReq[C]) =>
    createCarrierAccount(carrier, body),
  );
}

export function useUpdateCarrierAccount<C extends Carrier>(carrier: C) {
  return useInvalidatingMutation(
    carrierAccountKeys.list(carrier),
    ({ id, body }: RecordUpdate<CarrierAccountReq[C]>) => updateCarrierAccount(carrier, id, body),
  );
}

export function useDeleteCarrierAccount(carrier: Carrier) {
  return useInvalidatingMutation(carrierAccountKeys.list(carrier), (id: string) =>
    deleteCarrierAccount(carrier, id),
  );
}
