import { Box, Group, Table, Text, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";
import { usePhone } from "../../hooks/use-screen-width";
import classes from "./DataTable.module.css";

export interface DataColumn<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** A table column width, e.g. 140 or "30%". */
  width?: number | string;
}

export interface DataTableProps<T> {
  /** Names the table (and the list on phones) for assistive technology. */
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** The first column is the card title on phones. */
  columns: readonly DataColumn<T>[];
  /** Buttons for one row (edit, delete). */
  actions?: (row: T) => ReactNode;
}

/**
 * The settings lists: a table on wider screens, a list of cards on phones (below
 * Mantine's sm, where the sidebar becomes a drawer), so nothing scrolls sideways.
 */
export function DataTable<T>({ label, rows, rowKey, columns, actions }: DataTableProps<T>) {
  const phone = usePhone();
  const [titleColumn, ...detailColumns] = columns;

  if (phone) {
    return (
      <Box component="ul" aria-label={label} className={classes.cards}>
        {rows.map((row) => (
          <li key={rowKey(row)} className={classes.card}>
            {titleColumn && <Box className={classes.cardTitle}>{titleColumn.render(row)}</Box>}
            <dl className={classes.details}>
              {detailColumns.map((column) => (
                <div key={column.key} className={classes.detail}>
                  <Text component="dt" size="xs" c="dimmed" fw={600}>
                    {column.header}
                  </Text>
                  <Box component="dd" className={classes.value}>
                    {column.render(row)}
                  </Box>
                </div>
              ))}
            </dl>
            {actions && (
              <Group gap="xs" justify="flex-end" className={classes.cardActions}>
                {actions(row)}
              </Group>
            )}
          </li>
        ))}
      </Box>
    );
  }

  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table
        verticalSpacing="sm"
        horizontalSpacing="lg"
        highlightOnHover
        aria-label={label}
        className={classes.table}
      >
        <Table.Thead className={classes.head}>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} w={column.width}>
                {column.header}
              </Table.Th>
            ))}
            {actions && (
              <Table.Th w={1}>
                <VisuallyHidden>操作</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td key={column.key}>{column.render(row)}</Table.Td>
              ))}
              {actions && (
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {actions(row)}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
