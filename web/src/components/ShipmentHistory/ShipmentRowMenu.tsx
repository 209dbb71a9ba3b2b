import { Menu, Stack, Text } from "@mantine/core";
import { IconBan, IconCloudUpload, IconPrinter } from "@tabler/icons-react";
import type { ReactElement } from "react";
import type { Shipment } from "../../lib/api";
import type { useUploadTrackingNumber } from "../../queries/uploads";
import type { ShipmentRow } from "./shipment-history";
import { uploadOne } from "./upload-one";

export interface ShipmentRowMenuProps {
  /** The row's 操作 button, which opens the menu. */
  target: ReactElement;
  shipment: Shipment;
  row: ShipmentRow;
  /** The list's upload of one shipment: while one is under way, no second one is started. */
  upload: ReturnType<typeof useUploadTrackingNumber>;
  onReissue: () => void;
  onCancel: () => void;
  /** Open as it is drawn: the button standing in for it was clicked before it came. */
  defaultOpened?: boolean;
}

/** A row's 追跡番号をアップロード, 再発行 and 取り消し, under its 操作 button. */
export function ShipmentRowMenu({
  target,
  shipment,
  row,
  upload,
  onReissue,
  onCancel,
  defaultOpened = false,
}: ShipmentRowMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {row.status !== "cancelled" && (
          <Menu.Item
            leftSection={<IconCloudUpload size={16} />}
            disabled={!row.canUpload || upload.isPending}
            onClick={() => void uploadOne(upload, shipment)}
          >
            <Stack gap={0}>
              <span>追跡番号をアップロード</span>
              {row.uploadBlocked && (
                <Text span size="xs" c="dimmed">
                  {row.uploadBlocked}
                </Text>
              )}
            </Stack>
          </Menu.Item>
        )}
        {row.canReissue && (
          <Menu.Item leftSection={<IconPrinter size={16} />} onClick={onReissue}>
            再発行
          </Menu.Item>
        )}
        {row.canCancel && (
          <Menu.Item color="red" leftSection={<IconBan size={16} />} onClick={onCancel}>
            取り消し
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
