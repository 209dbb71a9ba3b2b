import { Suspense } from "react";
import { type StandInProps, useStandIn } from "../../lib/load-later";
import { DateRangeStandIn } from "../forms/DateRangeStandIn";
import type { PrintedDatesFieldProps } from "./PrintedDatesField";
import classes from "./ShipmentHistory.module.css";
import { searchOf } from "./shipment-history";
import { printedDatesField } from "./shipment-history-later";

type PrintedDatesProps = Omit<PrintedDatesFieldProps, "handoff">;

/**
 * 発行日 on 出荷履歴's first screen. Its picker (the calendar, and floating-ui to place it)
 * opens only on a click, so PrintedDatesStandIn draws the field first, and the picker comes
 * when the browser is idle, or at once when the merchant reaches the field before that: it
 * takes the field's focus and its click.
 */
export function PrintedDates(props: PrintedDatesProps) {
  const { ready, handoff, standInProps } = useStandIn(printedDatesField);
  const standIn = <PrintedDatesStandIn {...props} {...standInProps} />;
  if (!ready) return standIn;
  return (
    <Suspense fallback={standIn}>
      <printedDatesField.Component {...props} handoff={handoff} />
    </Suspense>
  );
}

/** 発行日 as Mantine draws the picker closed, with the URL's dates. */
export function PrintedDatesStandIn({
  filters,
  onFiltersChange,
  ...reach
}: PrintedDatesProps & Partial<StandInProps>) {
  return (
    <DateRangeStandIn
      label="発行日"
      className={classes.dates}
      from={filters.printed_from}
      to={filters.printed_to}
      onClear={() =>
        onFiltersChange(searchOf({ ...filters, printed_from: undefined, printed_to: undefined }))
      }
      {...reach}
    />
  );
}
