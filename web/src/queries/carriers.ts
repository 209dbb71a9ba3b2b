import { type Carrier, carriers } from "@okuru/core/shared/brand";
import { queryOptions, useMutation, useQueryClient, useSuspenseQueries } from "@tanstack/react-query";
import {
  type CarrierAccountReq,
  createCarrierAccount,
  deleteCarrierAccount,
  getCarrierAccounts,
  updateCarrierAccount,
} from "../lib/api";

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

function useInvalidateCarrierAccounts(carrier: Carrier) {
  const queryClient = useQueryClient();
  // Saving one account can move the carrier's default off another: read the whole list again.
  return () => queryClient.invalidateQueries({ queryKey: carrierAccountKeys.list(carrier) });
}

export function useCreateCarrierAccount<C extends Carrier>(carrier: C) {
  const invalidate = useInvalidateCarrierAccounts(carrier);
  return useMutation({
    mutationFn: (body: CarrierAccountReq[C]) => createCarrierAccount(carrier, body),
    onSuccess: invalidate,
  });
}

export function useUpdateCarrierAccount<C extends Carrier>(carrier: C) {
  const invalidate = useInvalidateCarrierAccounts(carrier);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CarrierAccountReq[C] }) =>
      updateCarrierAccount(carrier, id, body),
    onSuccess: invalidate,
  });
}

export function useDeleteCarrierAccount(carrier: Carrier) {
  const invalidate = useInvalidateCarrierAccounts(carrier);
  return useMutation({
    mutationFn: (id: string) => deleteCarrierAccount(carrier, id),
    onSuccess: invalidate,
  });
}
