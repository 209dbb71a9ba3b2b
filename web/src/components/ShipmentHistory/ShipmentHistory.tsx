import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  VisuallyHidden,
} from "@mantine/core";
import {
  IconBan,
  IconCloudUpload,
  IconDots,
  IconPrinter,
  IconSearch,
  IconTruckDelivery,
} from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type MouseEvent, Suspense, useEffect, useState } from "react";
import { usePhone } from "../../hooks/use-screen-width";
import type { Shipment, ShipmentListItem } from "../../lib/api";
import { DrawnLater, useStandIn } from "../../lib/load-later";
import { shipmentCountsQueryOptions, shipmentHistoryQueryOptions } from "../../queries/shipments";
import { useUploadTrackingNumber } from "../../queries/uploads";
import { rowOpenProps } from "../DataTable/row-keys";
import { EmptyState } from "../EmptyState/EmptyState";
import { StartPositionChoice } from "../LabelBatch/StartPositionChoice";
import { trackingUploadModal } from "../OrderList/order-list-later";
import { SelectableCards } from "../SelectionList/SelectableCards";
import {
  allOnPage,
  ListFrame,
  listTabsClass,
  PageCheckbox,
  Pager,
  SelectionBar,
} from "../SelectionList/SelectionList";
import { useTrackingUpload } from "../TrackingUpload/use-tracking-upload";
import type { CancelTarget } from "./CancelShipmentsModal";
import { PrintedDates } from "./PrintedDates";
import { useReissue } from "./reissue";
import classes from "./ShipmentHistory.module.css";
import type { ShipmentRowMenuProps } from "./ShipmentRowMenu";
import {
  bulkUploadBlocked,
  emptyText,
  listQuery,
  type ShipmentFilters,
  type ShipmentRow,
  type ShipmentSelection,
  searchOf,
  selectionCounts,
  shipmentRow,
  shipmentTabLabels,
  shipmentTabs,
  shipmentTitle,
  tabCountText,
  tabOf,
  uploadSelection,
  withTab,
} from "./shipment-history";
import { cancelShipmentsModal, reissueModal, shipmentRowMenu } from "./shipment-history-later";

/**
 * One page at a time. It also bounds a selection (it is cleared on every page turn),
 * well under the 100 shipments PUT /cancel_shipments takes in one request.
 */
const PAGE_SIZE = 50;

/** A click on a row's own controls (its checkbox, its menu, even in a portal) does not open the row. */
const stop = (event: MouseEvent) => event.stopPropagation();

export interface ShipmentHistoryProps {
  filters: ShipmentFilters;
  onFiltersChange: (next: ShipmentFilters) => void;
  /** The cursors of the pages turned to after the first, as the URL holds them (the last is shown). */
  pages: readonly string[];
  onPageChange: (next: string[]) => void;
  /** Opens one shipment (/shipments/{id}) over the list. */
  onOpen: (shipment: Shipment) => void;
}

/**
 * 出荷履歴: a tab per status (and すべて) and the printed dates as URL filters, cursor
 * pages newest first, and 再発行 / 取り消し for one row or the selected ones. On a
 * phone the rows are cards, so nothing scrolls sideways.
 */
export function ShipmentHistory({
  filters,
  onFiltersChange,
  pages,
  onPageChange,
  onOpen,
}: ShipmentHistoryProps) {
  const phone = usePhone();
  const [selected, setSelected] = useState<ShipmentSelection>(new Map());
  const [cancelTarget, setCancelTarget] = useState<CancelTarget | null>(null);
  const clearSelection = () => setSelected(new Map());
  const reissue = useReissue({ onAccepted: clearSelection });
  const upload = useTrackingUpload({ onAccepted: clearSelection });
  // A row's 追跡番号をアップロード: one shipment at a time, whichever row it is started from.
  const singleUpload = useUploadTrackingNumber();
  const startUpload = (selection: ShipmentSelection) => {
    const { ids, names } = uploadSelection(selection);
    upload.start({ shipment_ids: ids }, names);
  };
  const filterKey = JSON.stringify(filters);
  // The route drops the pages with any other filter: a list never reads another's cursor.
  const cursors = [null, ...pages];

  const [searchText, setSearchText] = useState(filters.search ?? "");
  const submitSearch = () => {
    if ((filters.search ?? "") !== searchText.trim())
      onFiltersChange(searchOf({ ...filters, search: searchText.trim() || undefined }));
  };

  // A new filter has nothing selected, and the search box shows the URL's search (back and
  // forward change it too).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on any filter change
  useEffect(() => {
    setSelected(new Map());
    setSearchText(filters.search ?? "");
  }, [filterKey]);

  const cursor = cursors[cursors.length - 1] ?? undefined;
  const { data, isFetching, error } = useQuery(
    shipmentHistoryQueryOptions(listQuery(filters, cursor, PAGE_SIZE)),
  );
  const { data: tabCounts } = useQuery(shipmentCountsQueryOptions());
  const shipments: ShipmentListItem[] = data?.items ?? [];
  const allSelected = allOnPage(shipments, selected);
  const counts = selectionCounts(selected);
  const uploadBlocked = bulkUploadBlocked(selected);
  const empty = emptyText(filters);

  const toggle = (shipment: Shipment) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(shipment.id)) next.delete(shipment.id);
      else next.set(shipment.id, shipment);
      return next;
    });
  const toggleAll = () =>
    setSelected(allSelected ? new Map() : new Map(shipments.map((s) => [s.id, s] as const)));
  const turnPage = (next: (string | null)[]) => {
    onPageChange(next.filter((c): c is string => c !== null));
    clearSelection();
  };

  const rowActions = (shipment: Shipment, row: ShipmentRow) =>
    row.canReissue || row.canCancel || row.canUpload ? (
      <RowActions
        label={`${shipmentTitle(shipment)} の操作`}
        shipment={shipment}
        row={row}
        upload={singleUpload}
        onReissue={() => reissue.start(new Map([[shipment.id, shipment]]))}
        onCancel={() => setCancelTarget({ shipments: [shipment], bulk: false })}
      />
    ) : null;

  const statusCell = (row: ShipmentRow) => (
    <Stack gap={2} align="flex-start">
      <Badge variant="light" color={row.statusColor}>
        {row.statusLabel}
      </Badge>
      {row.errors.map((message) => (
        <Text key={message} size="xs" c="red">
          {message}
        </Text>
      ))}
    </Stack>
  );

  const checkbox = (shipment: Shipment) => (
    <Checkbox
      aria-label={`${shipmentTitle(shipment)} を選択`}
      checked={selected.has(shipment.id)}
      onChange={() => toggle(shipment)}
    />
  );

  return (
    <Stack gap="md">
      <Tabs
        value={tabOf(filters)}
        onChange={(tab) => tab && onFiltersChange(withTab(filters, tab as ReturnType<typeof tabOf>))}
        keepMounted={false}
      >
        <Tabs.List className={listTabsClass}>
          {shipmentTabs.map((tab) => (
            <Tabs.Tab
              key={tab}
              value={tab}
              rightSection={
                <Badge size="sm" variant="light" color="gray" circle={false}>
                  {tabCountText(tabCounts?.counts, tab)}
                </Badge>
              }
            >
              {shipmentTabLabels[tab]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          className={classes.search}
          label="検索"
          placeholder="追跡番号・注文番号・お届け先名・電話番号など"
          leftSection={<IconSearch size={16} />}
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") submitSearch();
          }}
          onBlur={submitSearch}
        />
        <PrintedDates filters={filters} onFiltersChange={onFiltersChange} />
      </Group>

      {selected.size > 0 && (
        <SelectionBar
          label="選択した出荷の操作"
          count={`${selected.size}件を選択中`}
          onClear={clearSelection}
          note={
            uploadBlocked && (
              <Text size="xs" c="dimmed">
                {uploadBlocked}
              </Text>
            )
          }
          actions={
            <>
              <Button
                size="xs"
                leftSection={<IconCloudUpload size={16} />}
                disabled={uploadBlocked !== null}
                loading={upload.mutation.isPending}
                onClick={() => startUpload(selected)}
              >
                追跡番号をアップロード
                {counts.upload > 0 && counts.upload < selected.size ? `（${counts.upload}件）` : ""}
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPrinter size={16} />}
                disabled={counts.reissue === 0}
                loading={reissue.mutation.isPending}
                onClick={() => reissue.start(selected)}
              >
                再発行
              </Button>
              <StartPositionChoice start={reissue.startPosition} disabled={counts.reissue === 0} />
              <Button
                size="xs"
                color="red"
                variant="light"
                leftSection={<IconBan size={16} />}
                disabled={counts.cancel === 0}
                onClick={() => setCancelTarget({ shipments: [...selected.values()], bulk: true })}
              >
                取り消し
              </Button>
            </>
          }
        />
      )}

      {/* Dialogs (in portals): drawn once their code has come, so that they open with their transition. */}
      <DrawnLater part={reissueModal} needed={reissue.request !== null} flow={reissue} />
      <DrawnLater part={trackingUploadModal} needed={upload.request !== null} flow={upload} />
      <DrawnLater
        part={cancelShipmentsModal}
        needed={cancelTarget !== null}
        target={cancelTarget}
        onClose={() => setCancelTarget(null)}
        onCancelled={clearSelection}
      />

      <ListFrame
        error={error}
        errorTitle="出荷履歴を読み込めませんでした"
        empty={
          shipments.length === 0 && !isFetching ? (
            <EmptyState
              icon={<IconTruckDelivery size={28} stroke={1.6} />}
              title={empty.title}
              description={empty.description}
              action={
                filters.printed_from || filters.printed_to || filters.search ? undefined : (
                  <Button
                    renderRoot={(props) => (
                      <Link to="/orders" search={{ tab_key: "notShipped" }} {...props} />
                    )}
                    variant="light"
                    size="xs"
                    mt="xs"
                  >
                    注文リストへ
                  </Button>
                )
              }
            />
          ) : null
        }
      >
        {phone ? (
          <SelectableCards
            label="出荷"
            pageLabel="このページの出荷をすべて選択"
            rows={shipments}
            selected={selected}
            busy={isFetching}
            onTogglePage={toggleAll}
            onOpen={onOpen}
          >
            {(shipment) => {
              const row = shipmentRow(shipment);
              return (
                <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                  <Group gap="sm" wrap="nowrap" align="flex-start" className={classes.cardMain}>
                    <Box onClick={stop}>{checkbox(shipment)}</Box>
                    <Stack gap={2}>
                      <Text size="sm" fw={700}>
                        {row.orderNumber}
                      </Text>
                      <Text size="sm" className={classes.number}>
                        {row.trackingNumber}
                        {row.parcel && (
                          <Text span size="xs" c="dimmed" ml={6}>
                            {row.parcel}
                          </Text>
                        )}
                      </Text>
                      {row.customer && (
                        <Text size="xs">
                          {row.customer}
                          <Text span size="xs" c="dimmed" ml={6}>
                            {row.customerArea}
                          </Text>
                        </Text>
                      )}
                      <Text size="xs" c="dimmed">
                        {row.carrier}・{row.source}
                      </Text>
                      <Text size="xs" c="dimmed" className={classes.number}>
                        {row.printedAt}
                      </Text>
                    </Stack>
                  </Group>
                  <Group gap={4} wrap="nowrap" align="flex-start" className={classes.cardSide}>
                    {statusCell(row)}
                    <Box onClick={stop}>{rowActions(shipment, row)}</Box>
                  </Group>
                </Group>
              );
            }}
          </SelectableCards>
        ) : (
          <Table.ScrollContainer minWidth={1000} type="native">
            <Table highlightOnHover verticalSpacing="sm" aria-label="出荷" aria-busy={isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <PageCheckbox
                      label="このページの出荷をすべて選択"
                      rows={shipments}
                      selected={selected}
                      onChange={toggleAll}
                    />
                  </Table.Th>
                  <Table.Th>注文番号</Table.Th>
                  <Table.Th>お届け先</Table.Th>
                  <Table.Th>配送会社</Table.Th>
                  <Table.Th>追跡番号</Table.Th>
                  <Table.Th>発行日時</Table.Th>
                  <Table.Th>状態</Table.Th>
                  <Table.Th>登録方法</Table.Th>
                  <Table.Th w={48}>
                    <VisuallyHidden>操作</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shipments.map((shipment) => {
                  const row = shipmentRow(shipment);
                  return (
                    <Table.Tr
                      key={shipment.id}
                      className={classes.row}
                      onClick={() => onOpen(shipment)}
                      {...rowOpenProps(() => onOpen(shipment))}
                    >
                      <Table.Td onClick={stop}>{checkbox(shipment)}</Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {row.orderNumber}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{row.customer || "–"}</Text>
                        <Text size="xs" c="dimmed">
                          {row.customerArea}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{row.carrier}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" className={classes.number}>
                          {row.trackingNumber}
                        </Text>
                        {row.parcel && (
                          <Text size="xs" c="dimmed">
                            {row.parcel}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" className={classes.number}>
                          {row.printedAt}
                        </Text>
                      </Table.Td>
                      <Table.Td>{statusCell(row)}</Table.Td>
                      <Table.Td>
                        <Text size="sm" c="dimmed">
                          {row.source}
                        </Text>
                      </Table.Td>
                      <Table.Td onClick={stop}>{rowActions(shipment, row)}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListFrame>

      {(cursors.length > 1 || data?.nextCursor) && (
        <Pager cursors={cursors} nextCursor={data?.nextCursor} onTurn={turnPage} />
      )}
    </Stack>
  );
}

/**
 * A row's 操作 button and its menu. The menu's code comes after the list (prefetched when
 * idle); until then the same button stands in its place, and a click on it opens the menu
 * as it comes.
 */
function RowActions({
  label,
  ...menu
}: { label: string } & Omit<ShipmentRowMenuProps, "target" | "defaultOpened">) {
  const { ready, handoff, standInProps } = useStandIn(shipmentRowMenu);
  const button = (extra: {
    autoFocus?: boolean;
    onFocus?: () => void;
    onBlur?: () => void;
    onClick?: () => void;
  }) => (
    <ActionIcon variant="subtle" color="gray" aria-label={label} {...extra}>
      <IconDots size={18} />
    </ActionIcon>
  );
  if (!ready) return button(standInProps);
  return (
    <Suspense fallback={button({})}>
      <shipmentRowMenu.Component
        {...menu}
        target={button({ autoFocus: handoff.focused })}
        defaultOpened={handoff.clicked}
      />
    </Suspense>
  );
}
