import { loadLater } from "../../lib/load-later";

/**
 * The 認証情報 dialog, which only a click opens: its form (and with it @mantine/dates'
 * DateInput) comes after the credentials are drawn (prefetched when the browser is idle),
 * and its schema after that.
 */
export const credentialFormModal = loadLater(() =>
  import("./CredentialFormModal").then((module) => module.CredentialFormModal),
);

/** The Webhook 送信先 dialog, which only 送信先を追加 or 編集 opens; its schema comes after it. */
export const webhookEndpointModal = loadLater(() =>
  import("./WebhookEndpointModal").then((module) => module.WebhookEndpointModal),
);

/** The dialog showing a secret once, after a credential or endpoint is created or a secret rotated. */
export const secretModal = loadLater(() => import("./SecretModal").then((module) => module.SecretModal));
