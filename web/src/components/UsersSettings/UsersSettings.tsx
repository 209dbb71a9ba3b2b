import { Alert, Badge, Button, Group, Stack, Text } from "@mantine/core";
import { IconLock, IconMailForward, IconPencil, IconTrash, IconUserPlus } from "@tabler/icons-react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useRetained } from "../../hooks/use-retained";
import { ApiError, type User } from "../../lib/api";
import { formatDate } from "../../lib/dates";
import { DrawnLater } from "../../lib/load-later";
import { notify } from "../../lib/notify";
import { meQueryOptions, useDeleteUser, usersQueryOptions } from "../../queries/users";
import { ConfirmDeleteModal } from "../ConfirmModal/ConfirmDeleteModal";
import { type DataColumn, DataTable } from "../DataTable/DataTable";
import { LaterTooltip } from "../LaterTooltip/LaterTooltip";
import { SettingsSection } from "../SettingsSection/SettingsSection";
import { RoleBadge } from "./RoleBadge";
import { invitedOn, useResendInvitation } from "./resend-invitation";
import { editUserModal, inviteUserModal } from "./users-settings-later";

const displayName = (user: User) => user.name || user.email;

const resendFailed = "招待メールを再送できませんでした。時間をおいて再度お試しください。";

/**
 * ユーザー管理. Administrators invite, edit and delete; members see the list and
 * may change only their own name (the API enforces the same).
 */
export function UsersSettings() {
  const { data: users } = useSuspenseQuery(usersQueryOptions());
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const isAdmin = me.role === "admin";
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const editingShown = useRetained(editing);
  const deletingShown = useRetained(deleting);
  const remove = useDeleteUser();
  const resend = useResendInvitation();

  async function resendInvitation(user: User) {
    try {
      await resend.mutateAsync(user.id);
      notify.success(`${user.email} に招待メールを再送しました。`);
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : resendFailed);
    }
  }

  const columns: DataColumn<User>[] = [
    {
      key: "name",
      // The address under the name, as member lists show it: in a column of its own it took
      // the width from the name until 氏名未設定 stood one character a line.
      header: "氏名・メールアドレス",
      render: (user) => (
        <Stack gap={2}>
          <Group gap={8} wrap="nowrap">
            <Text size="sm" fw={600} c={user.name ? undefined : "dimmed"} style={{ whiteSpace: "nowrap" }}>
              {user.name || "氏名未設定"}
            </Text>
            {user.id === me.id && (
              <Badge size="xs" variant="outline" color="gray" radius="sm" style={{ flexShrink: 0 }}>
                あなた
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {user.email}
          </Text>
        </Stack>
      ),
    },
    { key: "role", header: "権限", width: 120, render: (user) => <RoleBadge role={user.role} /> },
    {
      key: "invitedAt",
      header: "状態",
      width: 150,
      // Invited users have not signed in yet: an invitation that never arrived looks like this for days.
      render: (user) =>
        user.invitedAt ? (
          <>
            <Badge size="sm" variant="light" color="yellow" radius="sm">
              招待中
            </Badge>
            <Text size="xs" c="dimmed" mt={2}>
              {invitedOn(user.invitedAt)}
            </Text>
          </>
        ) : (
          <Text size="sm">利用中</Text>
        ),
    },
    {
      key: "createdAt",
      header: "登録日",
      width: 120,
      render: (user) => <Text size="sm">{formatDate(user.createdAt)}</Text>,
    },
  ];

  function actions(user: User) {
    const self = user.id === me.id;
    if (!isAdmin && !self) return null;
    return (
      <>
        {isAdmin && user.invitedAt && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconMailForward size={14} stroke={1.8} />}
            aria-label={`${displayName(user)}に招待を再送`}
            loading={resend.isPending && resend.variables === user.id}
            onClick={() => void resendInvitation(user)}
          >
            招待を再送
          </Button>
        )}
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPencil size={14} stroke={1.8} />}
          aria-label={`${displayName(user)}を編集`}
          onClick={() => setEditing(user)}
        >
          編集
        </Button>
        {isAdmin && (
          <LaterTooltip label="自分自身は削除できません" disabled={!self} withArrow>
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              leftSection={<IconTrash size={14} stroke={1.8} />}
              aria-label={`${displayName(user)}を削除`}
              disabled={self}
              // A disabled subtle button keeps the row's look instead of turning into a grey block.
              style={self ? { backgroundColor: "transparent" } : undefined}
              onClick={() => setDeleting(user)}
            >
              削除
            </Button>
          </LaterTooltip>
        )}
      </>
    );
  }

  return (
    <>
      {!isAdmin && (
        <Alert role="note" variant="light" color="gray" icon={<IconLock size={18} stroke={1.7} />}>
          ユーザーの招待・権限の変更・削除は管理者のみが行えます。ご自身の氏名は「編集」から変更できます。
        </Alert>
      )}
      <SettingsSection
        title="ユーザー一覧"
        description={`Okuruを利用するメンバーです（${users.items.length}人）。管理者はメンバーの招待と権限の管理ができます。`}
        actions={
          isAdmin && (
            <Button leftSection={<IconUserPlus size={18} stroke={1.7} />} onClick={() => setInviting(true)}>
              ユーザーを招待
            </Button>
          )
        }
        flush
      >
        <DataTable
          label="ユーザー一覧"
          rows={users.items}
          rowKey={(user) => user.id}
          columns={columns}
          actions={actions}
        />
      </SettingsSection>

      {/* Dialogs (in portals): drawn once their code has come, so nothing on the page moves. */}
      <DrawnLater
        part={inviteUserModal}
        needed={inviting}
        opened={inviting}
        onClose={() => setInviting(false)}
      />
      <DrawnLater
        part={editUserModal}
        needed={editing !== null}
        opened={editing !== null}
        user={editingShown}
        canChangeRole={isAdmin}
        onClose={() => setEditing(null)}
      />
      <ConfirmDeleteModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="ユーザーを削除"
        successMessage="ユーザーを削除しました。"
        onConfirm={async () => {
          if (deleting) await remove.mutateAsync(deleting.id);
        }}
      >
        「{deletingShown ? displayName(deletingShown) : ""}
        」を削除します。削除したユーザーはOkuruにログインできなくなります。この操作は取り消せません。
      </ConfirmDeleteModal>
    </>
  );
}
