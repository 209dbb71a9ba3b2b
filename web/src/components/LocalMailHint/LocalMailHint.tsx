import { Alert, Anchor, Text } from "@mantine/core";
import { IconMail } from "@tabler/icons-react";
import { config } from "../../config";

/** Local runs only (VITE_LOCAL_MAIL_URL set): where the codes cognito-local would mail can be read. */
export function LocalMailHint() {
  if (!config.localMailUrl) return null;
  return (
    <Alert variant="light" color="gray" icon={<IconMail size={18} stroke={1.6} />} py="xs" role="note">
      <Text size="xs">
        ローカル環境では、確認コードを{" "}
        <Anchor href={config.localMailUrl} target="_blank" rel="noopener noreferrer" size="xs" fw={600}>
          受信メール一覧
        </Anchor>{" "}
        で確認できます。
      </Text>
    </Alert>
  );
}
