import { type ErrorKind, VisibleError } from "@okuru/core/error";
import { Queue } from "@okuru/core/queue";
import { FORM_ERROR_KEY } from "@okuru/core/shared/fields";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError } from "zod";
import type { AppEnv } from "./env";
import { storeFailureOf } from "./store-failure";

const statusByKind: Record<ErrorKind, ContentfulStatusCode> = {
  input: 400,
  auth: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rule: 422,
  rate_limited: 429,
};

export type ErrorBody = { code: string; message: string; fields?: Record<string, string> };

/** Field messages keyed by the wire path (`address.postal_code`), first message per field. */
export function fieldErrors(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || FORM_ERROR_KEY;
    fields[key] ??= issue.message;
  }
  return fields;
}

export function invalidInput(error: ZodError): ErrorBody {
  return { code: "input.invalid", message: "入力内容に誤りがあります。", fields: fieldErrors(error) };
}

/** Seconds a client waits before sending again a request refused for a passing reason (a busy table). */
const BUSY_RETRY_AFTER_SECONDS = 1;

export function handleError(err: Error, c: Context<AppEnv>) {
  if (err instanceof VisibleError) {
    const body: ErrorBody = { code: err.code, message: err.message };
    if (err.fields) body.fields = err.fields;
    if (err.kind === "rate_limited") c.header("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
    return c.json(body, statusByKind[err.kind]);
  }
  if (err instanceof ZodError) return c.json(invalidInput(err), 400);
  if (err instanceof Queue.Unavailable) {
    c.header("Retry-After", String(err.retryAfterSeconds));
    return c.json({ code: err.code, message: err.message } satisfies ErrorBody, 503);
  }
  const store = storeFailureOf(err);
  if (store?.kind === "condition_failed") {
    return c.json(
      {
        code: "conflict.concurrent_update",
        message: "他の操作と競合しました。画面を更新して再度お試しください。",
      } satisfies ErrorBody,
      409,
    );
  }
  if (store?.kind === "busy") {
    c.header("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
    return c.json(
      {
        code: "db.busy",
        message: "ただいま混み合っています。しばらくしてから再度お試しください。",
      } satisfies ErrorBody,
      429,
    );
  }
  if (store?.kind === "cancelled") {
    c.var.logger?.error("Transaction cancelled", { error: err, reasons: store.reasons });
    return internalError(c);
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    const message =
      status === 400 ? "リクエストの形式が正しくありません。" : err.message || "リクエストを処理できません。";
    return c.json({ code: `http.${status}`, message } satisfies ErrorBody, status);
  }
  c.var.logger?.error("Unhandled error", err);
  return internalError(c);
}

const internalError = (c: Context<AppEnv>) =>
  c.json(
    {
      code: "internal",
      message: "サーバーでエラーが発生しました。時間をおいて再度お試しください。",
    } satisfies ErrorBody,
    500,
  );
