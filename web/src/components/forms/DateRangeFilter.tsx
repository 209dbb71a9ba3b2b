import "../../lib/calendar-locale";
import { DatePickerInput } from "@mantine/dates";
import { type Ref, useEffect, useState } from "react";
import { MONTH_LABEL_FORMAT, PICKER_VALUE_FORMAT } from "../../lib/dates";

export interface DateRangeFilterProps {
  label: string;
  className?: string;
  /** The filter's dates (the URL's). */
  from: string | undefined;
  to: string | undefined;
  /** A whole range picked, or the field cleared: never the first day alone. */
  onRange: (from: string | null, to: string | null) => void;
  /** Besides the dates themselves, what shows them again when it changes (the other filters). */
  resetKey?: string;
  dropdownType?: "modal" | "popover";
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A date-range filter (購入日, 発行日): Mantine's range picker with the app's formats. It comes
 * after the list is drawn (its calendar and floating-ui are not on the first screen);
 * DateRangeStandIn draws the same field until then.
 */
export function DateRangeFilter({
  label,
  className,
  from,
  to,
  onRange,
  resetKey,
  dropdownType,
  ref,
}: DateRangeFilterProps) {
  // The picker's range, held here while only its first day is picked: that half is not a
  // filter yet, and a controlled picker given back no first day would forget the click.
  const [range, setRange] = useState<[string | null, string | null]>([from ?? null, to ?? null]);
  // Back and forward (and 条件をクリア) change the dates under the picker.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey names the other changes that show the dates again
  useEffect(() => {
    setRange([from ?? null, to ?? null]);
  }, [from, to, resetKey]);
  return (
    <DatePickerInput
      ref={ref}
      type="range"
      label={label}
      placeholder="期間を選択"
      valueFormat={PICKER_VALUE_FORMAT}
      monthLabelFormat={MONTH_LABEL_FORMAT}
      clearable
      allowSingleDateInRange
      dropdownType={dropdownType}
      className={className}
      value={range}
      onChange={([first, last]) => {
        setRange([first, last]);
        if (first && !last) return;
        onRange(first, last);
      }}
    />
  );
}
