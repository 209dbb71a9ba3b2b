import { loadLater } from "../../lib/load-later";

/**
 * The 契約情報 dialog's form, which only a click opens: its fields (the 送り状種別
 * Autocomplete, the ranges editor) come after the lists are drawn (prefetched when the
 * browser is idle), and its schema after that (see CarrierAccountForm).
 */
export const carrierAccountForm = loadLater(() =>
  import("./CarrierAccountForm").then((module) => module.CarrierAccountForm),
);
