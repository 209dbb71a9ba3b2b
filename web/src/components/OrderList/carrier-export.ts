import { useState } from "react";
import type { ExportFormat } from "../../lib/api";
import { useCreateExport } from "../../queries/exports";
import { isQueuedExport } from "./export-formats";
import type { OrderNumbers } from "./order-selection";

/**
 * Starts the browser's download of a file the API signed. The URL answers with
 * `Content-Disposition: attachment`, so following it downloads the file and the
 * page stays where it is.
 */
export function startDownload(url: string) {
  const link = document.createElement("a");
  link.href = url;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * CSV出力: one carrier software file for the selected orders. A small selection is made
 * during the request and its download starts at once; a large one is accepted and the
 * modal follows its progress (ExportJobProgress), starting the download when it is done.
 */
export function useCarrierExport({ onExported }: { onExported: () => void }) {
  const create = useCreateExport();
  const [format, setFormat] = useState<ExportFormat | null>(null);
  // The numbers of the orders sent, kept for the summary after the list has let go of its selection.
  const [numbers, setNumbers] = useState<OrderNumbers>(new Map());
  return {
    format,
    create,
    numbers,
    /** `again`: a 再出力 of orders labelled, exported or shipped before, which a first export leaves out. */
    start(next: ExportFormat, selection: OrderNumbers, again = false) {
      setFormat(next);
      setNumbers(new Map(selection));
      create.reset();
      create.mutate(
        { format: next, order_ids: [...selection.keys()], again },
        {
          onSuccess: (answer) => {
            if (!isQueuedExport(answer) && answer.url) startDownload(answer.url);
            onExported();
          },
        },
      );
    },
    close() {
      setFormat(null);
      create.reset();
    },
  };
}

export type CarrierExport = ReturnType<typeof useCarrierExport>;
