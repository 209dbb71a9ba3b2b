import { DatePickerInput } from "@mantine/dates";
import { useEffect, useRef, useState } from "react";
import { MONTH_LABEL_FORMAT, PICKER_VALUE_FORMAT } from "../../lib/dates";
import { type StandInHandoff, useTakeHandoff } from "../../lib/load-later";
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
  // The picker's range, held here while only its first day is picked: that half is not a
  // filter yet, and a controlled picker given back no first day would forget the click.
  const [range, setRange] = useState<[string | null, string | null]>([
    filters.printed_from ?? null,
    filters.printed_to ?? null,
  ]);
  // Any other filter (a tab, a search, back and forward) shows the URL's dates again.
  const filterKey = JSON.stringify(filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on any filter change
  useEffect(() => {
    setRange([filters.printed_from ?? null, filters.printed_to ?? null]);
  }, [filterKey]);

  const _ref = useRef<HTMLButtonElement>(null);
  const ref = useRef<HTMLButtonElement>(null);
  useTakeHandoff(() => ref.current, handoff);

  return (
    <DatePickerInput
      ref={ref}
      type="range"
      label="発行日"
      placeholder="期間を選択"
      valueFormat={PICKER_VALUE_FORMAT}
      monthLabelFormat={MONTH_LABEL_FORMAT}
      clearable
      allowSingleDateInRange
      className={classes.dates}
      value={range}
      onChange={([from, to]) => {
        setRange([from, to]);
        const next = withPrinted(filters, from, to);
        if (next) onFiltersChange(next);
      }}
    />
  );
}
