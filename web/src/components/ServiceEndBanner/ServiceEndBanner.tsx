import { Alert, Text } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";

export const serviceEndDate = "2025/6/30";
export const serviceEndMessage = `EC版のサービスは${serviceEndDate}をもって終了いたします。`;

/** Shown on every logged-in page (docs/requirements.md#what-the-product-is). */
export function ServiceEndBanner() {
  return (
    <Alert
      variant="light"
      color="orange"
      radius="md"
      py="xs"
      icon={<IconInfoCircle size={20} stroke={1.8} />}
      aria-label="サービス終了のお知らせ"
    >
      <Text size="sm" fw={500}>
        {serviceEndMessage}
        <Text span size="sm" fw={400} c="dimmed" ml={4} visibleFrom="sm">
          長らくのご利用、誠にありがとうございました。
        </Text>
      </Text>
    </Alert>
  );
}
