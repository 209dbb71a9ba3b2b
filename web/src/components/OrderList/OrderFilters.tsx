import { Badge, Button, ComboboxChevron, ComboboxClearButton, InputBase } from "@mantine/core";
import { IconFilter } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { DrawnLater, loadLater, useStandIn } from "../../lib/load-later";
import { shopsQueryOptions } from "../../queries/shops";
import { DateRangeStandIn } from "../forms/DateRangeStandIn";
import { activeFilterCount, carrierChoices, type DrawerFilters, labelStatusChoices } from "./list-filters";
import type { OrderFilterFieldsProps } from "./OrderFiltersDrawer";
import classes from "./OrderList.module.css";

/**
 * The filter fields draw the order list's first screen, but their pickers (the calendar, the
 * option lists, and floating-ui to place them: about 40 KB gzip of script) open only on a
 * click. So the row is drawn first by FilterFieldsStandIn, the same fields as Mantine draws
 * them closed, and the fields themselves come when the browser is idle, or at once when the
 * merchant reaches a field before that; they take its focus and its click.
 */
const orderFilterFields = loadLater<OrderFilterFieldsProps<DrawerFilters>>(() =>
  import("./OrderFiltersDrawer").then((module) => module.OrderFilterFields),
);
const orderFiltersDrawer = loadLater<OrderFiltersDrawerProps>(() =>
  import("./OrderFiltersDrawer").then((module) => module.OrderFiltersDrawer),
);

type OrderFiltersDrawerProps = Omit<OrderFilterFieldsProps<DrawerFilters>, "stacked" | "activation"> & {
  opened: boolean;
  onClose: () => void;
};

export type FilterField = "dates" | "labelStatus" | "carrier" | "shop";

/** A stand-in field the merchant focused (`open`: clicked) before the real fields came. */
export interface FilterActivation {
  field: FilterField;
  open: boolean;
}

interface FilterRowProps<F extends DrawerFilters> {
  filters: F;
  onFiltersChange: (next: F) => void;
}

/** 購入日, 送り状, 配送会社 and ストア in the filter row (wider screens). */
export function OrderFilterRow<F extends DrawerFilters>({ filters, onFiltersChange }: FilterRowProps<F>) {
  // Each field tells what it was given (FilterActivation), not the row's one button.
  const { ready, fetch: fetchFields } = useStandIn(orderFilterFields);
  const [activation, setActivation] = useState<FilterActivation | null>(null);
  // The fields hand back the filters they were given with their own change: still an F.
  const change = onFiltersChange as (next: DrawerFilters) => void;
  if (ready)
    return <orderFilterFields.Component filters={filters} onFiltersChange={change} activation={activation} />;
  return (
    <FilterFieldsStandIn
      filters={filters}
      onFiltersChange={change}
      onActivate={(next) => {
        // A click focuses too: the focus that follows it does not take back its opening.
        setActivation((previous) => (previous?.field === next.field && previous.open ? previous : next));
        void fetchFields();
      }}
    />
  );
}

/**
 * The fields as Mantine draws them closed (same elements, classes, text and sizes: the
 * swap moves nothing), with the current filters. A clear button clears as the field's does.
 * test/web/components/order-filters.test.tsx holds them to the real fields' markup.
 */
export function FilterFieldsStandIn({
  filters,
  onFiltersChange,
  onActivate,
}: {
  filters: DrawerFilters;
  onFiltersChange: (next: DrawerFilters) => void;
  onActivate: (activation: FilterActivation) => void;
}) {
  const { data: shops } = useQuery(shopsQueryOptions());
  const reach = (field: FilterField) => ({
    onFocus: () => onActivate({ field, open: false }),
    // Before the focus, so that the field's opening is known whichever comes to draw next.
    onPointerDown: () => onActivate({ field, open: true }),
  });
  const select = (
    field: Exclude<FilterField, "dates">,
    props: { label: string; placeholder?: string; className: string | undefined },
    choices: readonly { value: string; label: string }[],
    value: string | null,
    clear: (() => void) | null,
  ) => (
    <>
      <InputBase
        __staticSelector="Select"
        {...props}
        __defaultRightSection={<ComboboxChevron size="sm" />}
        __clearSection={clear && <ComboboxClearButton onClear={clear} />}
        __clearable={clear !== null && value !== null}
        rightSectionPointerEvents="none"
        readOnly
        pointer
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={false}
        autoComplete="off"
        value={choices.find((choice) => choice.value === value)?.label ?? ""}
        {...reach(field)}
      />
      <input type="hidden" value={value ?? ""} />
    </>
  );

  return (
    <>
      <DateRangeStandIn
        label="購入日"
        className={classes.dates}
        from={filters.purchased_from}
        to={filters.purchased_to}
        onClear={() => onFiltersChange({ ...filters, purchased_from: undefined, purchased_to: undefined })}
        {...reach("dates")}
      />
      {select(
        "labelStatus",
        { label: "送り状", className: classes.labelStatus },
        labelStatusChoices.map((choice) => ({ value: choice.value || "all", label: choice.label })),
        filters.label_status ?? "all",
        null,
      )}
      {select(
        "carrier",
        { label: "配送会社", placeholder: "すべての配送会社", className: classes.carrier },
        carrierChoices,
        filters.carrier ?? null,
        () => onFiltersChange({ ...filters, carrier: undefined }),
      )}
      {select(
        "shop",
        { label: "ストア", placeholder: "すべてのストア", className: classes.shop },
        (shops?.items ?? []).map((shop) => ({ value: shop.id, label: shop.name })),
        filters.shop_id ?? null,
        () => onFiltersChange({ ...filters, shop_id: undefined }),
      )}
    </>
  );
}

/**
 * The phone's 「絞り込み」: a button that says how many filters narrow the list, and a
 * drawer holding them, so the first screen shows orders rather than fields. The drawer
 * comes when the browser is idle (drawn closed from then, so it opens with its transition),
 * or as the button is pressed.
 */
export function OrderFiltersButton<F extends DrawerFilters>({ filters, onFiltersChange }: FilterRowProps<F>) {
  const [opened, setOpened] = useState(false);
  const active = activeFilterCount(filters);
  return (
    <>
      <Button
        variant={active > 0 ? "light" : "default"}
        leftSection={<IconFilter size={16} />}
        rightSection={
          active > 0 ? (
            <Badge size="sm" circle aria-hidden>
              {active}
            </Badge>
          ) : undefined
        }
        aria-label={active > 0 ? `絞り込み（${active}件の条件）` : "絞り込み"}
        onClick={() => setOpened(true)}
      >
        絞り込み
      </Button>
      <DrawnLater
        part={orderFiltersDrawer}
        needed={opened}
        opened={opened}
        onClose={() => setOpened(false)}
        filters={filters}
        onFiltersChange={onFiltersChange as (next: DrawerFilters) => void}
      />
    </>
  );
}
