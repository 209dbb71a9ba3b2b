import { slotsOfLayout } from "@okuru/core/shared/sheet-layouts";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { brandQueryOptions } from "../../queries/brands";

/** The request's field for it (送り状発行 and 再発行): left out at the first label. */
export type StartPositionBody = { start_position?: number };

/**
 * 印刷開始位置 of the next label batch: the label of the first sheet to print on, for a
 * sheet whose first labels were used already. Offered only where a sheet holds several
 * labels (the brand's largest layout: A4 2面・4面, A5 2面); a carrier whose sheet holds
 * fewer starts at its first (the API applies it per carrier).
 */
export function useStartPosition() {
  const brand = useQuery(brandQueryOptions());
  const slots = brand.data
    ? Math.max(1, ...Object.values(brand.data.printSettings).map((setting) => slotsOfLayout[setting.layout]))
    : 1;
  const [chosen, setChosen] = useState(1);
  const position = Math.min(chosen, slots);
  // Read by the batch's body when it is sent, in the same click as the last choice.
  const current = useRef(position);
  current.current = position;
  return {
    slots,
    position,
    choose: setChosen,
    /** The request's field: left out at the first label, as before there was a choice. */
    body: (): StartPositionBody => (current.current > 1 ? { start_position: current.current } : {}),
    /** A sheet is used up by the batch just sent: the next one starts on a new sheet. */
    reset: () => setChosen(1),
  };
}

export type StartPosition = ReturnType<typeof useStartPosition>;
