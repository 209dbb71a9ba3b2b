import { loadLater } from "../../lib/load-later";

/**
 * 印刷設定, the last card of the 会社概要 tab: its offset fields (NumberInput) bring
 * react-number-format, so the card comes after the tab's first screen, fetched as the tab
 * is drawn; the tab shows its frame until then (PrintSettingsFallback).
 */
export const printSettingsSection = loadLater(() =>
  import("./PrintSettingsSection").then((module) => module.PrintSettingsSection),
);

export const printSettingsTitle = "印刷設定";
export const printSettingsDescription =
  "配送会社ごとに、送り状を印刷する用紙・面付けと、印字位置の補正を設定します。";
