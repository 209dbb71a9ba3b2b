import { Alert, Anchor, Badge, Button, Drawer, Group, Loader, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCloudUpload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useDialogOpening } from "../../hooks/use-focus-back";
import { usePhone } from "../../hooks/use-screen-width";
import { ApiError, type Shipment } from "../../lib/api";
import { shipmentQueryOptions } from "../../queries/shipments";
import { useUploadTrackingNumber } from "../../queries/uploads";
import { ShipmentActions } from "./ShipmentActions";
import classes from "./ShipmentHistory.module.css";
import { shipmentRow, shipmentTitle } from "./shipment-history";
import { uploadOne } from "./upload-one";

/**
 * One shipment of 出荷履歴 (/shipments/{id}) over the list: its number, carrier and state,
 * the order it ships (a link to /orders/{id}), and 再発行・取り消し・アップロード. Focus
 * stays inside while it is open; Escape closes it and focus goes back to its row.
 */
export function ShipmentDrawer({
  shipmentId,
  onClose,
  openedWithPage = false,
}: {
  shipmentId: string | null;
  onClose: () => void;
  /** The page was opened at /shipments/{id}: the shipment is shown as the page is, without sliding in. */
  openedWithPage?: boolean;
}) {
  const phone = usePhone();
  // Opened from the list before this code had come, it gives the focus back to the row on closing.
  const dialog = useDialogOpening(shipmentId !== null, openedWithPage);
  const { data, error } = useQuery({
    ...shipmentQueryOptions(shipmentId ?? ""),
    enabled: shipmentId !== null,
  });
  const shipment = shipmentId !== null && data?.id === shipmentId ? data : undefined;
  return (
    <Drawer
      {...dialog}
      onClose={onClose}
      position="right"
      size={phone ? "100%" : "md"}
      title={shipment ? `出荷 ${shipmentTitle(shipment)}` : "出荷"}
      closeButtonProps={{ "aria-label": "閉じる" }}
    >
      {shipment ? (
        <ShipmentDetail shipment={shipment} />
      ) : shipmentId !== null && error ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="出荷を表示できません">
          <Text size="sm">
            {error instanceof ApiError && error.status === 404
              ? "この出荷は見つかりませんでした。URLが正しいかご確認ください。"
              : "出荷を読み込めませんでした。時間をおいて再度お試しください。"}
          </Text>
        </Alert>
      ) : shipmentId !== null ? (
        <Loader size="sm" aria-label="読み込み中" />
      ) : null}
    </Drawer>
  );
}

function ShipmentDetail({ shipment }: { shipment: Shipment }) {
  const row = shipmentRow(shipment);
  const upload = useUploadTrackingNumber();
  const facts: [string, string][] = [
    ["配送会社", row.carrier],
    ["追跡番号", `${row.trackingNumber}${row.parcel ? `（${row.parcel}）` : ""}`],
    ["発行日時", row.printedAt],
    ["登録方法", row.source],
  ];
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge variant="light" color={row.statusColor}>
          {row.statusLabel}
        </Badge>
      </Group>
      {row.errors.length > 0 && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="ストアに報告できませんでした">
          {row.errors.map((message) => (
            <Text key={message} size="sm">
              {message}
            </Text>
          ))}
        </Alert>
      )}
      <Stack gap={6} component="dl" m={0}>
        <Group gap="sm" wrap="nowrap">
          <Text component="dt" size="sm" c="dimmed" w="6.5em">
            注文番号
          </Text>
          <Text component="dd" size="sm" m={0} fw={600}>
            <Anchor
              renderRoot={(props) => (
                <Link
                  to="/orders/$orderId"
                  params={{ orderId: shipment.orderId }}
                  search={{ tab_key: "notShipped" }}
                  {...props}
                />
              )}
            >
              {row.orderNumber}
            </Anchor>
          </Text>
        </Group>
        {facts.map(([label, value]) => (
          <Group key={label} gap="sm" wrap="nowrap">
            <Text component="dt" size="sm" c="dimmed" w="6.5em">
              {label}
            </Text>
            <Text component="dd" size="sm" m={0} className={classes.number}>
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
      <Group gap="xs">
        {row.canUpload && (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconCloudUpload size={14} />}
            loading={upload.isPending}
            onClick={() => void uploadOne(upload, shipment)}
          >
            ストアにアップロード
          </Button>
        )}
        <ShipmentActions shipment={shipment} />
      </Group>
    </Stack>
  );
}
