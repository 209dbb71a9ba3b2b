import { loadLater } from "../../lib/load-later";

/**
 * The form of the 備考欄設定 dialog, which only a click opens: it comes after the list is
 * drawn (prefetched when the browser is idle), and its schema after that (laterSchema).
 */
export const itemCategoryForm = loadLater(() =>
  import("./ItemCategoryForm").then((module) => module.ItemCategoryForm),
);
