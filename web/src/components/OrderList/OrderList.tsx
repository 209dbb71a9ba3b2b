import { Badge, Button, Checkbox, Group, Stack, Table, Tabs, Text, TextInput } from "@mantine/core";
import { labelledText } from "@okuru/core/shared/label-badge";
import { type OrderTab, orderTabLabels, orderTabs } from "@okuru/core/shared/order-tabs";
import {
  IconAlertTriangle,
  IconArchive,
  IconArrowBackUp,
  IconChevronDown,
  IconCloudUpload,
  IconFileExport,
  IconInbox,
  IconPrinter,
  IconSearch,
  IconTruckDelivery,
} from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type ComponentPropsWithoutRef, type ReactNode, Suspense, useEffect, useState } from "react";
import { usePhone } from "../../hooks/use-screen-width";
import { ApiError, type Order, type OrderListItem } from "../../lib/api";
import { formatDateTime } from "../../lib/dates";
import { useRowsInFirstPaint } from "../../lib/first-paint-rows";
import { DrawnLater, prefetchWhenIdle, useStandIn } from "../../lib/load-later";
import { notify } from "../../lib/notify";
import { unexpectedErrorMessage } from "../../lib/unexpected-error";
import {
  orderListFilters,
  orderListQuery,
  ordersQueryOptions,
  useBulkUpdateOrders,
  useSelectAllOrders,
} from "../../queries/orders";
import { shopsQueryOptions } from "../../queries/shops";
import { CarrierImportButton } from "../CarrierImport/CarrierImportButton";
import { rowOpenProps } from "../DataTable/row-keys";
import { EmptyState } from "../EmptyState/EmptyState";
import { StartPositionChoice } from "../LabelBatch/StartPositionChoice";
import {
  allOnPage,
  ListFrame,
  listTabsClass,
  PageCheckbox,
  Pager,
  SelectionBar,
} from "../SelectionList/SelectionList";
import { useTrackingUpload } from "../TrackingUpload/use-tracking-upload";
import type { BulkDeliveryKind } from "./BulkDeliveryModal";
import { useCarrierExport } from "./carrier-export";
import { exportFormatChoices, exportFormatLabels } from "./export-formats";
import { useLabelIssue } from "./label-issue";
import { type CarrierFilter, carrierFilterLabels, type LabelStatusFilter } from "./list-filters";
import { OrderCards } from "./OrderCards";
import { OrderFilterRow, OrderFiltersButton } from "./OrderFilters";
import classes from "./OrderList.module.css";
import {
  bulkDeliveryModal,
  exportModal,
  labelIssueModal,
  selectionMenu,
  startPositionPicker,
  trackingUploadModal,
} from "./order-list-later";
import {
  type AllSelected,
  bulkDoneMessage,
  type LimitedAction,
  limitMessage,
  selectAllText,
  selectedCountText,
  summarizeBulk,
} from "./order-selection";
import type { SelectionMenuChoice } from "./SelectionMenu";
import { liveOrdersNote, useLiveOrders } from "./useLiveOrders";

/** The filters that live in the URL, so reload and back/forward keep them. */
export type OrderFilters = {
  tab_key: OrderTab;
  search?: string;
  purchased_from?: string;
  purchased_to?: string;
  shop_id?: string;
  /** 送り状: unissued (送り状未発行) or issued (発行済み); absent: すべて. */
  label_status?: LabelStatusFilter;
  carrier?: CarrierFilter;
};

type BulkArchiveAction = "archive" | "restore";

const archiveButtons = {
  archive: { label: "アーカイブ", Icon: IconArchive },
  restore: { label: "元に戻す", Icon: IconArrowBackUp },
} as const;

const yen = new Intl.NumberFormat("ja-JP", { style: "currency", currency: "JPY" });

export interface OrderListProps {
  filters: OrderFilters;
  onFiltersChange: (next: OrderFilters) => void;
  /** The cursors of the pages turned to after the first, as the URL holds them (the last is shown). */
  pages: readonly string[];
  onPageChange: (next: string[]) => void;
  onOpen: (order: Order) => void;
}

/**
 * 注文リスト: tabs with their counts, search, purchase dates and shop as URL
 * filters, one page at a time (cursor pages from the API, newest first), and bulk
 * actions on the selected orders.
 */
export function OrderList({ filters, onFiltersChange, pages, onPageChange, onOpen }: OrderListProps) {
  const cursors = [null, ...pages];
  // Selected orders by id, with their numbers: the bulk actions' results name orders by id only.
  const [selected, setSelected] = useState<ReadonlyMap<string, string>>(new Map());
  // Set while every order of the tab and its filters is selected (「すべてを選択」).
  const [all, setAll] = useState<AllSelected | null>(null);
  const [deliveryKind, setDeliveryKind] = useState<BulkDeliveryKind | null>(null);
  const clearSelection = () => {
    setSelected(new Map());
    setAll(null);
  };
  const labels = useLabelIssue({ onAccepted: clearSelection });
  const upload = useTrackingUpload({ onAccepted: clearSelection });
  const carrierExport = useCarrierExport({ onExported: clearSelection });
  // The selection bar's menus and picker, before the first order is selected.
  useEffect(() => prefetchWhenIdle(selectionMenu.prefetch, startPositionPicker.prefetch), []);
  const [searchText, setSearchText] = useState(filters.search ?? "");
  // Below Mantine's sm (where the sidebar becomes a drawer), as 出荷履歴 and 設定 switch to cards.
  const phone = usePhone();
  const filterKey = JSON.stringify(filters);

  // A new filter starts again from its first page with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on any filter change
  useEffect(() => {
    setSelected(new Map());
    setAll(null);
    setSearchText(filters.search ?? "");
  }, [filterKey]);

  const cursor = cursors[cursors.length - 1] ?? undefined;
  const { data, isFetching, error, dataUpdatedAt } = useQuery({
    ...ordersQueryOptions(orderListQuery(filters, cursor)),
    // The route's loader reads the page on every entry and filter change; read again on
    // mount, the page just loaded (already stale at staleTime 0) was fetched a second time.
    refetchOnMount: false,
  });
  const live = useLiveOrders({
    tab: filters.tab_key,
    listCounts: data?.counts,
    listUpdatedAt: dataUpdatedAt,
    calm: cursors.length === 1 && selected.size === 0,
  });
  const { data: shops } = useQuery(shopsQueryOptions());
  const bulk = useBulkUpdateOrders();
  const selectAll = useSelectAllOrders();
  const orders: OrderListItem[] = data?.items ?? [];
  const drawnOrders = useRowsInFirstPaint(orders);
  const allSelected = allOnPage(orders, selected);
  // The tab's count is the list's total only when nothing else narrows it.
  const narrowed = Boolean(
    filters.search ||
      filters.purchased_from ||
      filters.purchased_to ||
      filters.shop_id ||
      filters.label_status ||
      filters.carrier,
  );
  const total = narrowed ? null : (data?.counts[filters.tab_key] ?? null);
  const morePages = Boolean(data?.nextCursor) || cursors.length > 1;
  const blocked = (action: LimitedAction) => limitMessage(action, selected.size, all, total);
  const blockedMessages = [
    ...new Set(
      (filters.tab_key === "archived"
        ? (["bulkUpdate"] as const)
        : (["labels", "upload", "export", "bulkUpdate"] as const)
      ).flatMap((action) => blocked(action) ?? []),
    ),
  ];
  const banner =
    all !== null && !all.edited
      ? selectAllText({
          page: orders.length,
          tabLabel: orderTabLabels[filters.tab_key],
          total,
          all,
          size: selected.size,
        })
      : allSelected && morePages
        ? selectAllText({ page: orders.length, tabLabel: orderTabLabels[filters.tab_key], total, all: null })
        : null;

  async function selectEveryOrder() {
    try {
      const answer = await selectAll.mutateAsync(orderListFilters(filters));
      setSelected(new Map(answer.items.map((o) => [o.id, o.orderNumber] as const)));
      setAll({ truncated: answer.truncated, limits: answer.limits });
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : unexpectedErrorMessage);
    }
  }

  const toggleAll = () =>
    allSelected ? clearSelection() : setSelected(new Map(orders.map((o) => [o.id, o.orderNumber] as const)));

  const toggle = (order: Order) => {
    // One row changed by hand: the selection is the rows it names from now on.
    if (all) setAll({ ...all, truncated: false, edited: true });
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(order.id)) next.delete(order.id);
      else next.set(order.id, order.orderNumber);
      return next;
    });
  };

  /** アーカイブ, and on the archived tab the same button the other way: 元に戻す. */
  function archiveButton(action: BulkArchiveAction) {
    const { label, Icon } = archiveButtons[action];
    return (
      <Button
        size="xs"
        variant="default"
        leftSection={<Icon size={16} />}
        loading={bulk.isPending}
        disabled={blocked("bulkUpdate") !== null}
        onClick={() => void runBulk(action)}
      >
        {label}
      </Button>
    );
  }

  async function runBulk(action: BulkArchiveAction) {
    try {
      const { results } = await bulk.mutateAsync({ ids: [...selected.keys()], action });
      const { done, failed } = summarizeBulk(results, selected);
      if (done) notify.success(bulkDoneMessage(action, done));
      const [first] = failed;
      if (first)
        notify.error(
          `${failed.length}件は更新できませんでした：${first.orderNumber} ${first.reasons.join(" ")}`,
        );
      clearSelection();
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : unexpectedErrorMessage);
    }
  }

  return (
    <Stack gap="md" className={phone && selected.size > 0 ? classes.withBulkBar : undefined}>
      <Tabs
        value={filters.tab_key}
        onChange={(tab) => tab && onFiltersChange({ ...filters, tab_key: tab as OrderTab })}
        keepMounted={false}
      >
        <Tabs.List className={listTabsClass}>
          {orderTabs.map((tab) => (
            <Tabs.Tab
              key={tab}
              value={tab}
              leftSection={tab === "error" ? <IconAlertTriangle size={16} /> : undefined}
              rightSection={
                <Badge size="sm" variant="light" color={tab === "error" ? "red" : "gray"} circle={false}>
                  {data?.counts[tab] ?? "–"}
                </Badge>
              }
            >
              {orderTabLabels[tab]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          className={phone ? classes.phoneSearch : classes.search}
          label="検索"
          placeholder="注文番号・氏名・会社名・市区町村・商品名・SKU・電話番号など（空白で区切ると絞り込み）"
          leftSection={<IconSearch size={16} />}
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter")
              onFiltersChange({ ...filters, search: searchText.trim() || undefined });
          }}
          onBlur={() => {
            if ((filters.search ?? "") !== searchText.trim())
              onFiltersChange({ ...filters, search: searchText.trim() || undefined });
          }}
        />
        {phone ? (
          <OrderFiltersButton filters={filters} onFiltersChange={onFiltersChange} />
        ) : (
          <OrderFilterRow filters={filters} onFiltersChange={onFiltersChange} />
        )}
        <CarrierImportButton ml="auto" size={phone ? "xs" : undefined} />
      </Group>

      {selected.size > 0 && (
        <SelectionBar
          className={classes.phoneBulk}
          label="選択した注文の操作"
          count={selectedCountText(selected.size, all, total)}
          onClear={clearSelection}
          actions={
            filters.tab_key === "archived" ? (
              archiveButton("restore")
            ) : (
              <>
                <Button
                  size="xs"
                  leftSection={<IconPrinter size={16} />}
                  loading={labels.mutation.isPending}
                  disabled={blocked("labels") !== null}
                  onClick={() => labels.start(selected)}
                >
                  送り状発行
                </Button>
                <StartPositionChoice start={labels.startPosition} disabled={blocked("labels") !== null} />
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconCloudUpload size={16} />}
                  loading={upload.mutation.isPending}
                  disabled={blocked("upload") !== null}
                  onClick={() => upload.start({ order_ids: [...selected.keys()] }, new Map(selected))}
                >
                  追跡番号をアップロード
                </Button>
                <MenuButton
                  icon={<IconFileExport size={16} />}
                  label="CSV出力"
                  menuLabel="配送会社ソフト用ファイル"
                  loading={carrierExport.create.isPending}
                  disabled={blocked("export") !== null}
                  choices={exportFormatChoices.map((format) => ({
                    label: exportFormatLabels[format],
                    onClick: () => carrierExport.start(format, selected),
                  }))}
                />
                <MenuButton
                  icon={<IconTruckDelivery size={16} />}
                  label="配送設定"
                  menuLabel="一括で配送設定"
                  disabled={blocked("bulkUpdate") !== null}
                  choices={[
                    { label: "発送元を変更", onClick: () => setDeliveryKind("set_sender") },
                    { label: "配送会社を変更", onClick: () => setDeliveryKind("set_carrier") },
                  ]}
                />
                {archiveButton("archive")}
              </>
            )
          }
        >
          {blockedMessages.length > 0 && (
            <Text size="xs" c="orange.8" mt={6}>
              {blockedMessages.join("。")}。
            </Text>
          )}
          {banner && (
            <Group gap="xs" justify="center" mt="xs" className={classes.selectAll} role="status">
              <Text size="sm">{banner.message}</Text>
              <Button
                size="compact-sm"
                variant="subtle"
                loading={selectAll.isPending}
                onClick={() => (all ? clearSelection() : void selectEveryOrder())}
              >
                {banner.action}
              </Button>
            </Group>
          )}
        </SelectionBar>
      )}

      {/* Dialogs (in portals): drawn once their code has come, so nothing on the page moves. */}
      <DrawnLater part={labelIssueModal} needed={labels.request !== null} flow={labels} />
      <DrawnLater part={trackingUploadModal} needed={upload.request !== null} flow={upload} />
      <DrawnLater part={exportModal} needed={carrierExport.format !== null} flow={carrierExport} />
      <DrawnLater
        part={bulkDeliveryModal}
        needed={deliveryKind !== null}
        kind={deliveryKind}
        selection={selected}
        onClose={() => setDeliveryKind(null)}
        onChanged={clearSelection}
      />

      {live.pending && (
        <Group gap="xs" justify="center" role="status" bg="blue.0" py={4} style={{ borderRadius: 4 }}>
          <Text size="sm">{liveOrdersNote(live)}</Text>
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => {
              // New orders are the newest: they are on the first page.
              if (live.newOrders > 0 && cursors.length > 1) onPageChange([]);
              live.refresh();
            }}
          >
            表示する
          </Button>
        </Group>
      )}

      <ListFrame
        error={error}
        errorTitle="注文を読み込めませんでした"
        empty={
          orders.length === 0 && !isFetching ? (
            <EmptyState
              icon={<IconInbox size={28} stroke={1.6} />}
              title={narrowed ? "該当する注文はありません" : "表示できる注文はありません"}
              description={
                narrowed
                  ? "検索条件を変えてお試しください。"
                  : shops?.items.some((shop) => shop.status === "active")
                    ? "「注文を同期」を押すと、連携中のストアから注文を取り込みます。"
                    : "ストアを連携すると、取り込んだ注文がここに表示されます。"
              }
            />
          ) : null
        }
      >
        {phone ? (
          <OrderCards
            orders={orders}
            selected={selected}
            busy={isFetching}
            onToggle={toggle}
            onTogglePage={toggleAll}
            onOpen={onOpen}
          />
        ) : (
          <Table.ScrollContainer minWidth={1080} type="native">
            <Table
              highlightOnHover
              verticalSpacing="sm"
              aria-label="注文"
              aria-busy={isFetching}
              className={classes.table}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <PageCheckbox
                      label="このページの注文をすべて選択"
                      rows={orders}
                      selected={selected}
                      onChange={toggleAll}
                    />
                  </Table.Th>
                  <Table.Th>注文番号</Table.Th>
                  <Table.Th>購入日時</Table.Th>
                  <Table.Th>お届け先</Table.Th>
                  <Table.Th>住所</Table.Th>
                  <Table.Th>配送会社</Table.Th>
                  <Table.Th>追跡番号</Table.Th>
                  <Table.Th ta="right">金額</Table.Th>
                  <Table.Th>状態</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {drawnOrders.map((order) => (
                  <Table.Tr
                    key={order.id}
                    className={classes.row}
                    data-order-row
                    onClick={() => onOpen(order)}
                    {...rowOpenProps(() => onOpen(order))}
                  >
                    <Table.Td onClick={(event) => event.stopPropagation()}>
                      <Checkbox
                        aria-label={`${order.orderNumber} を選択`}
                        checked={selected.has(order.id)}
                        onChange={() => toggle(order)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600} className={classes.number}>
                        {order.orderNumber}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {order.platform === "shopify" ? "Shopify" : "ecforce"}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(order.purchasedAt)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{order.customer.name}</Text>
                      {order.isGift && (
                        <Badge size="xs" variant="light" color="grape">
                          ギフト
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={1}>
                        {order.customer.prefecture}
                        {order.customer.city}
                        {order.customer.address1}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{carrierFilterLabels[order.shippingCarrier]}</Text>
                    </Table.Td>
                    <Table.Td>
                      {order.trackingNumbers.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          –
                        </Text>
                      ) : (
                        order.trackingNumbers.map((number) => (
                          <Text key={number} size="sm" className={classes.number}>
                            {number}
                          </Text>
                        ))
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">{yen.format(order.totalAmount)}</Text>
                      {order.codAmount !== null && (
                        <Badge size="xs" variant="light" color="orange">
                          代引
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {order.isError ? (
                        <Badge color="red" variant="light" leftSection={<IconAlertTriangle size={12} />}>
                          エラー {order.errors.length}件
                        </Badge>
                      ) : (
                        <Badge color="gray" variant="light">
                          {orderTabLabels[order.shipmentStatus]}
                        </Badge>
                      )}
                      {order.labels && (
                        <Badge
                          display="flex"
                          mt={4}
                          color="teal"
                          variant="light"
                          leftSection={<IconPrinter size={12} />}
                        >
                          {labelledText(order.labels)}
                        </Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListFrame>

      <Pager
        cursors={cursors}
        nextCursor={data?.nextCursor}
        onTurn={(next) => onPageChange(next.filter((c): c is string => c !== null))}
      />
    </Stack>
  );
}

/**
 * A selection-bar button that opens a menu of choices under a heading. The menu's code comes
 * after the list (prefetched when idle); until then the same button stands in its place.
 */
function MenuButton(props: {
  icon: ReactNode;
  label: string;
  menuLabel: string;
  loading?: boolean;
  disabled: boolean;
  choices: readonly SelectionMenuChoice[];
}) {
  const { ready, handoff, standInProps } = useStandIn(selectionMenu);
  const button = (extra: ComponentPropsWithoutRef<"button">) => (
    <Button
      size="xs"
      variant="default"
      leftSection={props.icon}
      rightSection={<IconChevronDown size={14} />}
      loading={props.loading}
      disabled={props.disabled}
      {...extra}
    >
      {props.label}
    </Button>
  );
  if (!ready) return button(standInProps);
  return (
    <Suspense fallback={button({})}>
      <selectionMenu.Component
        target={button({ autoFocus: handoff.focused })}
        defaultOpened={handoff.clicked}
        heading={props.menuLabel}
        choices={props.choices}
      />
    </Suspense>
  );
}
