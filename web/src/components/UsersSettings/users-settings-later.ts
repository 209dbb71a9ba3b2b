import { loadLater } from "../../lib/load-later";

/**
 * ユーザー管理's dialogs, which only a click opens: their forms come after the list is
 * drawn (prefetched when the browser is idle), and their schemas after that (laterSchema).
 */
export const inviteUserModal = loadLater(() =>
  import("./UserFormModals").then((module) => module.InviteUserModal),
);
export const editUserModal = loadLater(() =>
  import("./UserFormModals").then((module) => module.EditUserModal),
);
