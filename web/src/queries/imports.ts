import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createImport, type ImportReq } from "../lib/api";
import { shipmentKeys } from "./labels";
import { orderKeys } from "./orders";

/** An issued-data file: new shipments appear and their orders change, so both are read again. */
export function useCreateImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportReq) => createImport(body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: shipmentKeys.all }),
      ]),
  });
}
