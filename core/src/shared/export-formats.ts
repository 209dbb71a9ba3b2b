/**
 * The carrier software files the product writes (POST /api/exports), as merchants know
 * them, in the order the export menu lists them. Browser-safe: the web's menu and the
 * server's reasons use the same names.
 */
export const exportFormatLabels = {
  yamato_b2: "B2クラウド",
  sagawa_ehiden3: "e飛伝Ⅲ",
  japan_post_yuprir: "ゆうプリR",
  clickpost: "クリックポスト",
} as const;

/**
 * Why an order stays out of a file only until the merchant asks to export it again (it
 * has a live label, was in an earlier file, or is shipped): a second file would give its
 * parcel a second number, so it takes an explicit 再出力.
 */
export const exportAgainFields = ["order.labels", "order.exported", "order.shipped"] as const;
