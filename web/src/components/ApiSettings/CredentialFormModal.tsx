import "../../lib/calendar-locale";
import { Checkbox, Stack, TextInput } from "@mantine/core";
import { DateInput } from "@mantine/dates";
import { apiScopeLabels, apiScopes } from "@okuru/core/shared/api-scope-names";
import type { Credential, CredentialWithSecret } from "../../lib/api";
import { laterSchema, useFormSubmit, useSchemaForm } from "../../lib/form";
import { useCreateCredential, useUpdateCredential } from "../../queries/credentials";
import { ModalForm } from "../forms/FormBody";
import { RecordFormModal } from "../forms/FormModal";

/** The form's schema (credential-form-schema.ts), fetched after the form is drawn. */
const CredentialFormSchema = laterSchema(() =>
  import("./credential-form-schema").then((module) => module.CredentialFormSchema),
);
const japanDay = (iso: string) =>
  new Intl.DateTimeFormat("sv-SE", { timeZone: "Asia/Tokyo" }).format(new Date(iso)).slice(0, 10);

/** 認証情報を追加 / 編集: its name, what it may do, and an optional expiry. */
export function CredentialFormModal({
  opened,
  credential,
  onClose,
  onCreated,
}: {
  opened: boolean;
  credential: Credential | null;
  onClose: () => void;
  onCreated: (created: CredentialWithSecret) => void;
}) {
  // Drawn later (api-settings-later.ts), perhaps already opened: shown open from the next commit.
  return (
    <RecordFormModal opened={opened} record={credential} onClose={onClose} noun="認証情報">
      {(record) => <CredentialForm credential={record} onClose={onClose} onCreated={onCreated} />}
    </RecordFormModal>
  );
}

function CredentialForm({
  credential,
  onClose,
  onCreated,
}: {
  credential: Credential | null;
  onClose: () => void;
  onCreated: (created: CredentialWithSecret) => void;
}) {
  const create = useCreateCredential();
  const update = useUpdateCredential();
  const form = useSchemaForm(CredentialFormSchema, {
    name: "credential",
    initialValues: {
      name: credential?.name ?? "",
      scopes: credential?.scopes ?? ["orders:read"],
      expires_at: credential?.expiresAt ? japanDay(credential.expiresAt) : null,
    },
  });
  const submit = useFormSubmit(
    form,
    async (body) => {
      if (credential) return update.mutateAsync({ id: credential.id, body });
      onCreated(await create.mutateAsync(body));
      return null;
    },
    { success: credential ? "認証情報を保存しました。" : "認証情報を作成しました。", onSuccess: onClose },
  );
  return (
    <ModalForm form={form} submit={submit} onCancel={onClose} adding={!credential}>
      <Stack gap="md">
        <TextInput
          label="名前"
          description="どのシステムの連携か分かる名前（例: 倉庫管理システム）"
          withAsterisk
          {...form.getInputProps("name")}
        />
        <Checkbox.Group label="権限（スコープ）" withAsterisk {...form.getInputProps("scopes")}>
          <Stack gap={6} mt={6}>
            {apiScopes.map((scope) => (
              <Checkbox key={scope} value={scope} label={`${apiScopeLabels[scope]}（${scope}）`} />
            ))}
          </Stack>
        </Checkbox.Group>
        <DateInput
          label="有効期限"
          description="この日の終わりまで使えます。空欄なら無期限です。"
          placeholder="無期限"
          valueFormat="YYYY/MM/DD"
          clearable
          minDate={new Date()}
          {...form.getInputProps("expires_at")}
        />
      </Stack>
    </ModalForm>
  );
}
