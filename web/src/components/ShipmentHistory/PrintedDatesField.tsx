import { useRef } from "react";
import { type StandInHandoff, useTakeHandoff } from "../../lib/load-later";
import { DateRangeFilter } from "../forms/DateRangeFilter";
import classes from "./ShipmentHistory.module.css";
import { type ShipmentFilters, withPrinted } from "./shipment-history";

export interface PrintedDatesFieldProps {
  filters: ShipmentFilters;
  onFiltersChange: (next: ShipmentFilters) => void;
  /** What the stand-in was given before this field replaced it: the focus, a click. */
  handoff?: StandInHandoff;
}

/**
 * 発行日: the range picker of 出荷履歴's filters. With its calendar and floating-ui to place
 * it, it comes after the list is drawn; PrintedDatesStandIn (PrintedDates.tsx) draws it until then.
 */
export function PrintedDatesField({
  filters,
  onFiltersChange,
  handoff = { focused: false, clicked: false },
}: PrintedDatesFieldProps) {
  const ref = useRef<HTMLButtonElement>(null);
  useTakeHandoff(() => ref.current, handoff);
  return (
    <DateRangeFilter
      ref={ref}
      label="発行日"
      className={classes.dates}
      from={filters.printed_from}
      to={filters.printed_to}
      // Any other filter (a tab, a search, back and forward) shows the URL's dates again.
      resetKey={JSON.stringify(filters)}
      onRange={(from, to) => {
        const next = withPrinted(filters, from, to);
        if (next) onFiltersChange(next);
      }}
    />
  );
}
