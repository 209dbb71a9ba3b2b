/**
 * The order's label badge (the order list's rows and cards, the drawer), in a module without
 * schemas so the order list's first screen can take it without zod: 送り状発行済み, with the
 * parcels when it has more than one live label; 追跡番号登録済み when every live one is a
 * number typed by hand, since nothing was printed for those.
 */
export function labelledText(labels: { live: number; typed: number }): string {
  const text = labels.typed >= labels.live ? "追跡番号登録済み" : "送り状発行済み";
  return labels.live > 1 ? `${text}（${labels.live}個口）` : text;
}
