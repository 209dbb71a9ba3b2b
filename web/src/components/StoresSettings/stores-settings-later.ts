import { loadLater } from "../../lib/load-later";

/**
 * The ストアの設定 dialog, which only a row's 設定 button opens: its form (and with it
 * Mantine's NumberInput and react-number-format) comes after the list is drawn
 * (prefetched when the browser is idle), and its schema after that.
 */
export const shopSettingsModal = loadLater(() =>
  import("./ShopSettingsModal").then((module) => module.ShopSettingsModal),
);
