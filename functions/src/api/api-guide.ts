/**
 * How an integrator starts, told once: the OpenAPI document's `info.description` and the
 * reference page at /api/docs both render these steps, so the two never disagree.
 * `$OKURU` is the app's URL (the page fills in its own), `$TOKEN` the access token.
 */
export type GuideStep = { title: string; text: string; command?: string; answer?: string };

export const guideSteps: readonly GuideStep[] = [
  {
    title: "認証情報を作成する",
    text: "管理者が 設定 > API連携 で認証情報（クライアントID・クライアントシークレット）を作成し、連携に必要な権限（スコープ）を選びます。シークレットは作成時とローテーション時に一度だけ表示されます。",
  },
  {
    title: "アクセストークンを取得する",
    text: "クライアントID とシークレットを HTTP Basic 認証で送り、OAuth 2.0 のクライアントクレデンシャル方式（RFC 6749 §4.4）でトークンを受け取ります。scope を省略すると認証情報の全スコープが付きます。トークンの有効期限は expires_in 秒です。",
    command: `curl -s -u "$CLIENT_ID:$CLIENT_SECRET" \\
  -d grant_type=client_credentials \\
  --data-urlencode "scope=orders:read labels:write tracking:write" \\
  "$OKURU/api/oauth_token"`,
    answer: `{"access_token":"okt_…","token_type":"Bearer","expires_in":3600,"scope":"orders:read labels:write tracking:write"}`,
  },
  {
    title: "未出荷の注文を一覧する",
    text: "以降の呼び出しは Authorization: Bearer ヘッダーにトークンを付けます。一覧は1ページ最大100件で、next_cursor を cursor に渡すと次のページを取得できます。",
    command: `curl -s -H "Authorization: Bearer $TOKEN" \\
  "$OKURU/api/orders?shipment_status=notShipped&is_error=false&limit=20"`,
  },
  {
    title: "送り状を発行する",
    text: "注文IDを指定して発行を依頼すると、すぐに label_id が返ります。Idempotency-Key を付けると、同じ依頼を送り直しても二重に発行されません。",
    command: `curl -s -X POST -H "Authorization: Bearer $TOKEN" \\
  -H "Content-Type: application/json" -H "Idempotency-Key: $(uuidgen)" \\
  -d '{"order_ids":["ord_01JQ8Z6W3M4T5V6X7Y8Z9A0B1C"]}' \\
  "$OKURU/api/shipments/labels"`,
    answer: `{"label_id":"lbl_01JQ8Z7C2D3E4F5G6H7J8K9M0N"}`,
  },
  {
    title: "送り状をダウンロードする",
    text: "status が done になるまで発行状況を確認します。files[].url が送り状のPDF（署名付きURL。認証ヘッダーは不要で、期限があります）、results[].shipment_ids が出荷IDです。",
    command: `curl -s -H "Authorization: Bearer $TOKEN" \\
  "$OKURU/api/shipments/labels?label_id=lbl_01JQ8Z7C2D3E4F5G6H7J8K9M0N"
curl -s -o label.pdf "（files[0].url の値）"`,
  },
  {
    title: "追跡番号をストアに反映する",
    text: "出荷IDを指定すると、その出荷（同じ注文の他の荷物も一緒に）の追跡番号をストアにアップロードします。",
    command: `curl -s -X PUT -H "Authorization: Bearer $TOKEN" \\
  "$OKURU/api/shipments/shp_01JQ8Z8P1Q2R3S4T5V6W7X8Y9Z/upload_tracking_number"`,
  },
];

/**
 * Every tag of the document with what it groups, in the order a reader meets them. A tag
 * a route uses that is missing here is still listed (after these), named by itself.
 */
export const tagDescriptions: readonly { name: string; description: string }[] = [
  { name: "oauth", description: "API連携のアクセストークンの発行（クライアントクレデンシャル）" },
  { name: "order", description: "注文の一覧・参照・編集と、ストアからの同期" },
  { name: "shipment", description: "送り状の発行・再発行・取消、出荷履歴、追跡番号のストアへの反映" },
  {
    name: "export",
    description: "配送会社ソフト（B2クラウド・e飛伝Ⅲ・ゆうプリR・クリックポスト）用ファイルの出力",
  },
  { name: "import", description: "配送会社ソフトの発行済みデータからの追跡番号の取り込み" },
  { name: "geocoding", description: "郵便番号からの住所検索" },
  { name: "brand", description: "ブランド設定（既定の発送元・備考欄・配送会社・印刷設定）" },
  { name: "sender", description: "発送元（ご依頼主）" },
  { name: "item_category", description: "備考欄設定（品名）" },
  { name: "yamato", description: "ヤマト運輸の契約情報" },
  { name: "sagawa", description: "佐川急便の契約情報" },
  { name: "japan_post", description: "日本郵便の契約情報" },
  { name: "company", description: "会社概要と初期設定の進み具合" },
  { name: "user", description: "ユーザーと権限（管理画面のみ）" },
  { name: "shop", description: "ストア（Shopify・ecforce）の接続と取り込み設定（管理画面のみ）" },
  { name: "credential", description: "API連携の認証情報の管理（管理画面のみ）" },
  { name: "account", description: "サインアップ（管理画面のみ）" },
  { name: "webhook", description: "ストアから届く Webhook（ストアが署名して送るもの）" },
  { name: "system", description: "死活確認とこのリファレンス" },
];

/** The steps as Markdown, for the document's `info.description`. */
export function guideMarkdown(): string {
  const steps = guideSteps.map((step, index) =>
    [
      `${index + 1}. **${step.title}**: ${step.text}`,
      ...(step.command ? ["", "```sh", step.command, "```"] : []),
      ...(step.answer ? ["", "```json", step.answer, "```"] : []),
    ].join("\n"),
  );
  return [
    "送る（Okuru）の出荷ラベル・受注管理 API です。",
    "",
    "## 認証",
    "",
    "管理画面（Cognito の ID トークン）と API連携のアクセストークンのどちらでも呼び出せます。アクセストークンでは、各操作に書かれたスコープが必要です（足りない場合は 403）。呼び出し回数は認証情報ごとに制限され、超えると 429 と Retry-After を返します。`$OKURU` は送るの画面と同じURLです。",
    "",
    ...steps.flatMap((step) => [step, ""]),
    "エラーは `{ code, message, fields? }` の形で返ります（トークン発行のみ OAuth 2.0 の `error`・`error_description`）。",
  ].join("\n");
}
