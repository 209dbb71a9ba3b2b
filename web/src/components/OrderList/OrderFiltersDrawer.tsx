import { Button, Drawer, Group, Select, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { useDialogOpening } from "../../hooks/use-focus-back";
import { useTakeHandoff } from "../../lib/load-later";
import { shopsQueryOptions } from "../../queries/shops";
import { DateRangeFilter } from "../forms/DateRangeFilter";
import {
  activeFilterCount,
  type CarrierFilter,
  carrierChoices,
  type DrawerFilters,
  labelStatusChoices,
  withoutDrawerFilters,
} from "./list-filters";
import type { FilterActivation } from "./OrderFilters";
import classes from "./OrderList.module.css";

export interface OrderFilterFieldsProps<F extends DrawerFilters> {
  filters: F;
  onFiltersChange: (next: F) => void;
  /** In the phone's drawer: one field a line, the calendar as a dialog of its own. */
  stacked?: boolean;
  /** The field the merchant focused or clicked in the stand-in before these came: it is focused (and opened). */
  activation?: FilterActivation | null;
}

/**
 * 購入日, 送り状, 配送会社 and ストア: in the filter row on wider screens, in the drawer
 * behind 「絞り込み」 on a phone. Each choice changes the URL's filters at once. With their
 * pickers (the calendar, the option lists, their positioning) they come after the order
 * list is drawn; FilterFieldsStandIn (OrderFilters.tsx) draws the row until then.
 */
export function OrderFilterFields<F extends DrawerFilters>({
  filters,
  onFiltersChange,
  stacked = false,
  activation = null,
}: OrderFilterFieldsProps<F>) {
  const { data: shops } = useQuery(shopsQueryOptions());
  const inRow = (className: string | undefined) => (stacked ? undefined : className);
  const datesRef = useRef<HTMLButtonElement>(null);
  const labelStatusRef = useRef<HTMLInputElement>(null);
  const carrierRef = useRef<HTMLInputElement>(null);
  const shopRef = useRef<HTMLInputElement>(null);
  // The stand-in's field had the focus (or the click) that these fields arrived under.
  const refs = { dates: datesRef, labelStatus: labelStatusRef, carrier: carrierRef, shop: shopRef };
  useTakeHandoff(() => (activation ? refs[activation.field].current : null), {
    focused: activation !== null,
    clicked: activation?.open ?? false,
  });

  return (
    <>
      <DateRangeFilter
        ref={datesRef}
        label="購入日"
        dropdownType={stacked ? "modal" : "popover"}
        className={inRow(classes.dates)}
        from={filters.purchased_from}
        to={filters.purchased_to}
        onRange={(from, to) =>
          onFiltersChange({ ...filters, purchased_from: from ?? undefined, purchased_to: to ?? undefined })
        }
      />
      <Select
        ref={labelStatusRef}
        label="送り状"
        className={inRow(classes.labelStatus)}
        data={labelStatusChoices.map((choice) => ({ value: choice.value || "all", label: choice.label }))}
        value={filters.label_status ?? "all"}
        allowDeselect={false}
        onChange={(value) =>
          onFiltersChange({
            ...filters,
            label_status: value === "unissued" || value === "issued" ? value : undefined,
          })
        }
      />
      <Select
        ref={carrierRef}
        label="配送会社"
        placeholder="すべての配送会社"
        clearable
        className={inRow(classes.carrier)}
        data={carrierChoices}
        value={filters.carrier ?? null}
        onChange={(carrier) =>
          onFiltersChange({ ...filters, carrier: (carrier as CarrierFilter | null) ?? undefined })
        }
      />
      <Select
        ref={shopRef}
        label="ストア"
        placeholder="すべてのストア"
        clearable
        className={inRow(classes.shop)}
        data={(shops?.items ?? []).map((shop) => ({ value: shop.id, label: shop.name }))}
        value={filters.shop_id ?? null}
        onChange={(shopId) => onFiltersChange({ ...filters, shop_id: shopId ?? undefined })}
      />
    </>
  );
}

/** The phone's 「絞り込み」 drawer (OrderFiltersButton opens it): the fields one a line, and the way back to the orders. */
export function OrderFiltersDrawer<F extends DrawerFilters>({
  opened,
  onClose,
  filters,
  onFiltersChange,
}: Omit<OrderFilterFieldsProps<F>, "stacked" | "activation"> & { opened: boolean; onClose: () => void }) {
  const active = activeFilterCount(filters);
  // Pressed before its code had come, it mounts already open: open from its second commit.
  const dialog = useDialogOpening(opened);
  return (
    <Drawer {...dialog} onClose={onClose} title="絞り込み" position="right" size="100%">
      <Stack gap="md">
        <OrderFilterFields filters={filters} onFiltersChange={onFiltersChange} stacked />
        <Group grow gap="sm" mt="xs">
          <Button
            variant="default"
            disabled={active === 0}
            onClick={() => onFiltersChange(withoutDrawerFilters(filters))}
          >
            条件をクリア
          </Button>
          <Button onClick={onClose}>注文を表示</Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
