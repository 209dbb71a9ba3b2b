/** The errors a call can end in, each with a message that can be shown to the merchant. */

/** A failed call. `message` is Japanese text that can be shown to the merchant as is. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    /** Field-level messages keyed by the request field's wire name (snake_case), as the server sent them. */
    public readonly fields?: Record<string, string>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ApiError";
  }
}

/** A required path id, query value or body was missing; thrown before anything is sent. */
export class RequiredError extends Error {
  constructor(
    public readonly field: string,
    operation: string,
  ) {
    super(`Required parameter ${field} was null or undefined when calling ${operation}.`);
    this.name = "RequiredError";
  }
}

const networkErrorMessage =
  "サーバーに接続できませんでした。ネットワーク環境をご確認のうえ、再度お試しください。";

/** The server could not be reached, or its answer broke off. */
export function networkFailure(cause: unknown): ApiError {
  return new ApiError(0, "network.failed", networkErrorMessage, undefined, { cause });
}

function fallbackMessage(status: number): string {
  if (status === 400 || status === 422) return "入力内容をご確認ください。";
  if (status === 401) return "ログインの有効期限が切れました。再度ログインしてください。";
  if (status === 403) return "この操作を行う権限がありません。";
  if (status === 404) return "対象のデータが見つかりません。";
  if (status === 409) return "他の操作と競合しました。画面を再読み込みしてから再度お試しください。";
  if (status === 429) return "リクエストが集中しています。しばらくしてから再度お試しください。";
  if (status >= 500) return "サーバーでエラーが発生しました。時間をおいて再度お試しください。";
  return `予期しない応答を受け取りました（ステータス ${status}）。`;
}

/** The parsed JSON, or undefined when the text is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A refusal (any status outside 200–299), with the API's code and message when its body has them. */
export function failureOf(status: number, text: string): ApiError {
  const body = parseJson(text);
  const record = body !== null && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const code = typeof record.code === "string" ? record.code : `http.${status}`;
  const message = typeof record.message === "string" ? record.message : fallbackMessage(status);
  const fields =
    record.fields !== null && typeof record.fields === "object"
      ? (record.fields as Record<string, string>)
      : undefined;
  return new ApiError(status, code, message, fields);
}

/** A 2xx answer whose body is not JSON. */
export function invalidAnswer(status: number): ApiError {
  return new ApiError(status, "response.invalid", "サーバーから予期しない応答を受け取りました。");
}
