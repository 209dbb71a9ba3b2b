import { Input, useInputProps } from "@mantine/core";
import { getFormattedDate, HiddenDatesInput, useDatesContext } from "@mantine/dates";
import type { ComponentPropsWithoutRef } from "react";
import { PICKER_VALUE_FORMAT } from "../../lib/dates";

type Reach = Pick<ComponentPropsWithoutRef<"button">, "onFocus" | "onBlur" | "onClick" | "onPointerDown">;

/**
 * A closed date-range filter (購入日, 発行日) as DateRangeFilter draws it (same elements,
 * classes, text and sizes: swapping in the picker moves nothing), for a first
 * screen that draws the field before the calendar's code has come. Its clear button clears
 * as the picker's does; the handlers tell the caller the merchant reached it.
 * test/web/components/order-filters.test.tsx and shipment-filters.test.tsx hold it to the
 * picker's markup.
 */
export function DateRangeStandIn({
  label,
  className,
  from,
  to,
  onClear,
  ...reach
}: {
  label: string;
  className?: string;
  from: string | undefined;
  to: string | undefined;
  onClear: () => void;
} & Reach) {
  const dates = useDatesContext();
  const range: [string | null, string | null] = [from ?? null, to ?? null];
  const formattedRange = getFormattedDate({
    type: "range",
    date: range,
    locale: dates.getLocale(),
    format: PICKER_VALUE_FORMAT,
    labelSeparator: dates.getLabelSeparator(),
  });
  // As DatePickerInput has PickerInputBase split its props between the wrapper and the input.
  const datesInput = useInputProps(
    "PickerInputBase",
    { size: "sm" },
    { __staticSelector: "DatePickerInput", size: "sm", label, className },
  );
  return (
    <>
      <Input.Wrapper {...datesInput.wrapperProps}>
        <Input
          data-dates-input
          component="button"
          type="button"
          multiline
          aria-haspopup="dialog"
          aria-expanded={false}
          __clearSection={<Input.ClearButton onClick={onClear} />}
          __clearable={range[0] !== null}
          {...datesInput.inputProps}
          // Mantine's picker input class (PickerInputBase.module.css: the pointer, the line height).
          classNames={{ input: "m_6fa5e2aa" }}
          {...reach}
        >
          {formattedRange || (
            <Input.Placeholder __staticSelector={datesInput.inputProps.__staticSelector}>
              期間を選択
            </Input.Placeholder>
          )}
        </Input>
      </Input.Wrapper>
      <HiddenDatesInput type="range" value={range} name={undefined} form={undefined} />
    </>
  );
}
