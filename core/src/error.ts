/**
 * Errors that may be shown to the caller. `code` is a stable dotted identifier
 * (`company.not_found`); `message` is Japanese text a merchant can read. Anything
 * that is not a VisibleError is an internal fault and is never shown as is.
 */
export type ErrorKind = "input" | "auth" | "forbidden" | "not_found" | "conflict" | "rule" | "rate_limited";

export class VisibleError extends Error {
  constructor(
    public readonly kind: ErrorKind,
    public readonly code: string,
    message: string,
    /** Field-level messages keyed by the field's wire name (snake_case). */
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "VisibleError";
  }
}

export class InputError extends VisibleError {
  constructor(code: string, message: string, fields?: Record<string, string>) {
    super("input", code, message, fields);
  }
}

export class NotFoundError extends VisibleError {
  constructor(code: string, message = "対象のデータが見つかりません。") {
    super("not_found", code, message);
  }
}

export class ForbiddenError extends VisibleError {
  constructor(code = "auth.forbidden", message = "この操作を行う権限がありません。") {
    super("forbidden", code, message);
  }
}

export class UnauthenticatedError extends VisibleError {
  constructor(code = "auth.unauthenticated", message = "ログインが必要です。") {
    super("auth", code, message);
  }
}

export class ConflictError extends VisibleError {
  constructor(code: string, message: string) {
    super("conflict", code, message);
  }
}

export class RuleError extends VisibleError {
  constructor(code: string, message: string) {
    super("rule", code, message);
  }
}

/** A conditional write lost a race (another request changed the same record first). */
export const concurrentUpdate = () =>
  new ConflictError(
    "conflict.concurrent_update",
    "他の操作と競合しました。画面を更新して再度お試しください。",
  );
