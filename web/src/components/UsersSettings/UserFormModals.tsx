import { Radio, Stack, Text, TextInput } from "@mantine/core";
import { type Role, roleLabels, roles } from "@okuru/core/shared/user-roles";
import type { User } from "../../lib/api";
import { laterSchema, type SchemaForm, useFormSubmit, useSchemaForm } from "../../lib/form";
import { useCreateUser, useUpdateUser } from "../../queries/users";
import { ModalForm } from "../forms/FormBody";
import { FormModal } from "../forms/FormModal";

// The API's own schemas, fetched after the dialogs are (laterSchema).
const inviteSchema = laterSchema(() => import("@okuru/core/shared/user").then((module) => module.UserInvite));
const updateSchema = laterSchema(() => import("@okuru/core/shared/user").then((module) => module.UserUpdate));

export const roleDescriptions: Record<Role, string> = {
  admin: "ユーザーの招待・権限の変更・削除を含む、すべての操作ができます。",
  member: "注文の取り込みや送り状の発行など、ユーザー管理以外の操作ができます。",
};

function RoleField({ form, disabled }: { form: SchemaForm<{ role: Role }, unknown>; disabled?: boolean }) {
  return (
    <Radio.Group
      label="権限"
      withAsterisk
      description={disabled ? "権限は管理者のみが変更できます。" : undefined}
      {...form.getInputProps("role")}
    >
      <Stack gap="sm" mt="xs">
        {roles.map((role) => (
          <Radio
            key={role}
            value={role}
            label={roleLabels[role]}
            description={roleDescriptions[role]}
            disabled={disabled}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** 氏名, in both dialogs. */
function NameField({
  form,
  ...props
}: {
  form: SchemaForm<{ name: string }, unknown>;
  "data-autofocus"?: boolean;
}) {
  return (
    <TextInput
      label="氏名"
      placeholder="例: 田中 花子"
      autoComplete="off"
      {...props}
      {...form.getInputProps("name")}
    />
  );
}

type InviteValues = { email: string; name: string; role: Role };

/** Drawn later (users-settings-later): opened in the commit after it mounts, so its transition plays. */
export function InviteUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <FormModal opened={opened} onClose={onClose} title="ユーザーを招待" size="md">
      <InviteUserForm onClose={onClose} />
    </FormModal>
  );
}

function InviteUserForm({ onClose }: { onClose: () => void }) {
  const create = useCreateUser();
  const form = useSchemaForm(inviteSchema, {
    name: "invite",
    initialValues: { email: "", name: "", role: "member" } as InviteValues,
  });
  const submit = useFormSubmit(form, (values) => create.mutateAsync(values), {
    success: (user) => `${user.email} に招待メールを送信しました。`,
    codeFields: { "user.email_exists": "email" },
    onSuccess: onClose,
  });
  return (
    <ModalForm
      form={form}
      submit={submit}
      intro={
        <Text size="sm" c="dimmed">
          招待したユーザーには、ログイン用の仮パスワードがメールで届きます。
        </Text>
      }
      onCancel={onClose}
      submitLabel="招待する"
    >
      <TextInput
        label="メールアドレス"
        placeholder="例: tanaka@example.jp"
        type="email"
        autoComplete="off"
        withAsterisk
        data-autofocus
        {...form.getInputProps("email")}
      />
      <NameField form={form as unknown as SchemaForm<{ name: string }, unknown>} />
      <RoleField form={form as unknown as SchemaForm<{ role: Role }, unknown>} />
    </ModalForm>
  );
}

export function EditUserModal({
  opened,
  user,
  canChangeRole,
  onClose,
}: {
  opened: boolean;
  /** Kept while the dialog closes (useRetained). */
  user: User | null;
  canChangeRole: boolean;
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title="ユーザーを編集" size="md">
      {user && <EditUserForm key={user.id} user={user} canChangeRole={canChangeRole} onClose={onClose} />}
    </FormModal>
  );
}

function EditUserForm({
  user,
  canChangeRole,
  onClose,
}: {
  user: User;
  canChangeRole: boolean;
  onClose: () => void;
}) {
  const update = useUpdateUser();
  const form = useSchemaForm(updateSchema, {
    name: "user",
    initialValues: { name: user.name, role: user.role } as { name: string; role: Role },
  });
  const submit = useFormSubmit(form, (values) => update.mutateAsync({ id: user.id, body: values }), {
    success: "ユーザー情報を保存しました。",
    onSuccess: onClose,
  });
  return (
    <ModalForm form={form} submit={submit} onCancel={onClose}>
      <TextInput label="メールアドレス" value={user.email} readOnly variant="filled" />
      <NameField form={form as unknown as SchemaForm<{ name: string }, unknown>} data-autofocus />
      <RoleField form={form as unknown as SchemaForm<{ role: Role }, unknown>} disabled={!canChangeRole} />
    </ModalForm>
  );
}
