import { loadLater } from "../../lib/load-later";

/** The dialog asked when the page is left with edits unsaved: it comes after the page is drawn. */
export const unsavedChangesModal = loadLater(() =>
  import("./UnsavedChangesModal").then((module) => module.UnsavedChangesModal),
);
