import { queryOptions } from "@tanstack/react-query";
import { createExport, type ExportReq, type ExportStatus, getExport } from "../lib/api";
import { useInvalidatingMutation } from "./mutations";
import { orderKeys } from "./orders";

export const exportKeys = {
  all: ["exports"] as const,
  job: (exportId: string) => [...exportKeys.all, "job", exportId] as const,
};

/** How often a queued export is read while it runs. */
export const exportPollMs = 1000;

/** A queued export; read again until it is done or failed (each read signs a fresh download URL). */
export const exportJobQueryOptions = (exportId: string) =>
  queryOptions({
    queryKey: exportKeys.job(exportId),
    queryFn: () => getExport(exportId),
    refetchInterval: (query) => exportPollInterval(query.state.data),
    refetchIntervalInBackground: true,
  });

export function exportPollInterval(status: ExportStatus | undefined): number | false {
  return status && status.status !== "running" ? false : exportPollMs;
}

/**
 * A carrier software file: made at once (201, the file) or, for a large selection,
 * accepted (202, an export id to read). Exporting marks the included orders 出力済み,
 * so the orders are read again when it is made; a queued one when it finishes.
 */
export function useCreateExport() {
  return useInvalidatingMutation(orderKeys.all, (body: ExportReq) => createExport(body));
}
