/**
 * Common 荷扱い wordings offered as suggestions, in a module without schemas: the web app's
 * 備考欄設定 dialog reads them, and item-category.ts would bring zod with them.
 */
export const handlingSuggestions = [
  "ワレモノ注意",
  "下積厳禁",
  "天地無用",
  "精密機器",
  "ナマモノ",
  "取扱注意",
] as const;
