import { Checkbox, Stack, TextInput } from "@mantine/core";
import { webhookEventLabels, webhookEvents } from "@okuru/core/shared/webhook-event-names";
import type { WebhookEndpoint, WebhookEndpointWithSecret } from "../../lib/api";
import { laterSchema, useFormSubmit, useSchemaForm } from "../../lib/form";
import { useCreateWebhookEndpoint, useUpdateWebhookEndpoint } from "../../queries/credentials";
import { ModalForm } from "../forms/FormBody";
import { RecordFormModal } from "../forms/FormModal";

/** The endpoint form's schema (the API's, with zod), fetched after the form is drawn. */
const WebhookEndpointInput = laterSchema(() =>
  import("@okuru/core/shared/webhook-events").then((module) => module.WebhookEndpointInput),
);

/** Webhook の送信先を追加 / 編集: where a credential's events are posted, and which. */
export function WebhookEndpointModal({
  opened,
  credentialId,
  endpoint,
  onClose,
  onCreated,
}: {
  opened: boolean;
  credentialId: string;
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onCreated: (created: WebhookEndpointWithSecret) => void;
}) {
  // Drawn later (api-settings-later.ts), perhaps already opened: shown open from the next commit.
  return (
    <RecordFormModal opened={opened} record={endpoint} onClose={onClose} noun="Webhook の送信先">
      {(record) => (
        <EndpointForm credentialId={credentialId} endpoint={record} onClose={onClose} onCreated={onCreated} />
      )}
    </RecordFormModal>
  );
}

function EndpointForm({
  credentialId,
  endpoint,
  onClose,
  onCreated,
}: {
  credentialId: string;
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onCreated: (created: WebhookEndpointWithSecret) => void;
}) {
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const form = useSchemaForm(WebhookEndpointInput, {
    name: "webhook-endpoint",
    initialValues: {
      url: endpoint?.url ?? "",
      events: endpoint?.events ?? [...webhookEvents],
      enabled: endpoint?.enabled ?? true,
    },
  });
  const submit = useFormSubmit(
    form,
    async (body) => {
      if (endpoint) return update.mutateAsync({ credentialId, webhookId: endpoint.id, body });
      onCreated(await create.mutateAsync({ credentialId, body }));
      return null;
    },
    { success: endpoint ? "送信先を保存しました。" : "送信先を追加しました。", onSuccess: onClose },
  );
  return (
    <ModalForm form={form} submit={submit} onCancel={onClose} adding={!endpoint}>
      <Stack gap="md">
        <TextInput
          label="送信先URL"
          description="https で始まる、インターネットから届くURL（社内・ローカルのアドレスは使えません）"
          placeholder="https://example.jp/okuru/webhooks"
          withAsterisk
          {...form.getInputProps("url")}
        />
        <Checkbox.Group label="通知するイベント" withAsterisk {...form.getInputProps("events")}>
          <Stack gap={6} mt={6}>
            {webhookEvents.map((event) => (
              <Checkbox key={event} value={event} label={`${webhookEventLabels[event]}（${event}）`} />
            ))}
          </Stack>
        </Checkbox.Group>
      </Stack>
    </ModalForm>
  );
}
