import { DrawnLater, loadLater } from "../../lib/load-later";
import type { ConfirmDeleteDialogProps } from "./ConfirmDeleteDialog";

const confirmDeleteDialog = loadLater(() =>
  import("./ConfirmDeleteDialog").then((module) => module.ConfirmDeleteDialog),
);

export type ConfirmDeleteModalProps = ConfirmDeleteDialogProps;

/**
 * Asks before deleting (ConfirmDeleteDialog). Only a click opens it, so the lists that
 * offer 削除 draw without its code (Mantine's Modal and its focus trap): it comes when the
 * browser is idle, or at once when opened before that.
 */
export function ConfirmDeleteModal(props: ConfirmDeleteModalProps) {
  return <DrawnLater part={confirmDeleteDialog} needed={props.opened} {...props} />;
}
