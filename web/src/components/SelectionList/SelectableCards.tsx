import { Box, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { useRowsInFirstPaint } from "../../lib/first-paint-rows";
import { rowOpenProps } from "../DataTable/row-keys";
import classes from "./SelectableCards.module.css";
import { PageCheckbox } from "./SelectionList";

export interface SelectableCardsProps<Row extends { id: string }> {
  /** Names the list, e.g. 「注文」. */
  label: string;
  /** The page's select-all box, e.g. 「このページの注文をすべて選択」. */
  pageLabel: string;
  rows: readonly Row[];
  selected: ReadonlyMap<string, unknown>;
  busy: boolean;
  onTogglePage: () => void;
  onOpen: (row: Row) => void;
  /** An attribute every card carries, as the table's rows do, for what finds the rows (the web-vitals bench). */
  rowMarker?: `data-${string}`;
  /** A card's content; a control inside it stops its click from opening the card. */
  children: (row: Row) => ReactNode;
}

/**
 * A list on a phone, where a table would scroll sideways: one card per row, opened by a
 * tap or (once focused) Enter as a table row is, under the page's select-all box.
 */
export function SelectableCards<Row extends { id: string }>({
  label,
  pageLabel,
  rows,
  selected,
  busy,
  onTogglePage,
  onOpen,
  rowMarker,
  children,
}: SelectableCardsProps<Row>) {
  const drawnRows = useRowsInFirstPaint(rows);
  return (
    <Stack component="ul" gap={0} aria-label={label} aria-busy={busy} className={classes.cards}>
      <li className={classes.head}>
        <PageCheckbox
          label={pageLabel}
          visibleLabel
          rows={rows}
          selected={selected}
          onChange={onTogglePage}
        />
      </li>
      {drawnRows.map((row) => (
        <Box
          component="li"
          key={row.id}
          className={classes.card}
          {...(rowMarker && { [rowMarker]: true })}
          onClick={() => onOpen(row)}
          {...rowOpenProps(() => onOpen(row))}
        >
          {children(row)}
        </Box>
      ))}
    </Stack>
  );
}
