import { Button, Checkbox, Group, Paper, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { EmptyState } from "../EmptyState/EmptyState";
import classes from "./SelectionList.module.css";

/**
 * The pieces the order list and the shipment history share: a page of rows to select,
 * a bar of actions on the selection, and cursor pages.
 */

/** Whether every row of the page is selected (a page with no rows has none). */
/** The class of a list's Tabs.List: its tabs scroll on a phone, each with its count whole. */
export const listTabsClass = classes.tabs;

export function allOnPage(rows: readonly { id: string }[], selected: ReadonlyMap<string, unknown>): boolean {
  return rows.length > 0 && rows.every((row) => selected.has(row.id));
}

export interface PageCheckboxProps {
  /** What it selects, e.g. 「このページの注文をすべて選択」. */
  label: string;
  /** Shown beside the box (the phone's cards) rather than only named for assistive technology. */
  visibleLabel?: boolean;
  rows: readonly { id: string }[];
  selected: ReadonlyMap<string, unknown>;
  onChange: () => void;
}

/** Selects or clears the page; half ticked while only some of its rows are selected. */
export function PageCheckbox({ label, visibleLabel, rows, selected, onChange }: PageCheckboxProps) {
  const all = allOnPage(rows, selected);
  return (
    <Checkbox
      aria-label={visibleLabel ? undefined : label}
      label={visibleLabel ? label : undefined}
      checked={all}
      indeterminate={!all && rows.some((row) => selected.has(row.id))}
      onChange={onChange}
    />
  );
}

export interface SelectionBarProps {
  /** Names the bar as a region, e.g. 「選択した注文の操作」. */
  label: string;
  /** How many are selected, e.g. 「3件を選択中」. */
  count: ReactNode;
  onClear: () => void;
  /** A line between the count and the actions (why an action is not offered). */
  note?: ReactNode;
  actions: ReactNode;
  /** What goes under the bar's row. */
  children?: ReactNode;
  /** Where a list places the bar otherwise (the order list: at the bottom of a phone's screen). */
  className?: string;
}

/** Stays at the top while the list scrolls; on a phone the actions take their own row. */
export function SelectionBar({
  label,
  count,
  onClear,
  note,
  actions,
  children,
  className,
}: SelectionBarProps) {
  return (
    <Paper
      withBorder
      p="sm"
      className={className ? `${classes.bulkBar} ${className}` : classes.bulkBar}
      role="region"
      aria-label={label}
    >
      <Group justify="space-between" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
            {count}
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={onClear}>
            選択を解除
          </Button>
        </Group>
        {note}
        <Group gap="xs" className={classes.bulkActions}>
          {actions}
        </Group>
      </Group>
      {children}
    </Paper>
  );
}

export interface ListFrameProps {
  /** The list's read failed: told in place of the rows. */
  error: unknown;
  errorTitle: string;
  /** What stands in place of the rows when there are none (null while there are). */
  empty: ReactNode;
  children: ReactNode;
}

/** The list's frame: the rows, or why there are none. */
export function ListFrame({ error, errorTitle, empty, children }: ListFrameProps) {
  return (
    <Paper withBorder className={classes.tableWrap}>
      {error ? (
        <EmptyState
          icon={<IconAlertTriangle size={28} stroke={1.6} />}
          title={errorTitle}
          description={(error as Error).message}
        />
      ) : (
        (empty ?? children)
      )}
    </Paper>
  );
}

export interface PagerProps {
  /** The cursors of the pages read so far, the first page's null first. */
  cursors: readonly (string | null)[];
  nextCursor: string | null | undefined;
  onTurn: (cursors: (string | null)[]) => void;
}

/** 前へ / 次へ through cursor pages. */
export function Pager({ cursors, nextCursor, onTurn }: PagerProps) {
  return (
    <Group justify="flex-end" gap="xs">
      <Button
        variant="default"
        size="xs"
        disabled={cursors.length === 1}
        onClick={() => onTurn(cursors.slice(0, -1))}
      >
        前へ
      </Button>
      <Button
        variant="default"
        size="xs"
        disabled={!nextCursor}
        onClick={() => nextCursor && onTurn([...cursors, nextCursor])}
      >
        次へ
      </Button>
    </Group>
  );
}
