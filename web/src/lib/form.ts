import { type FormErrors, type UseFormReturnType, useForm } from "@mantine/form";
import { FORM_ERROR_KEY } from "@okuru/core/shared/form-errors";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import type { z } from "zod";
import { ApiError } from "./api";
import { fetchOnce, prefetchWhenIdle } from "./load-later";
import { notify } from "./notify";
import { unexpectedErrorMessage } from "./unexpected-error";
import { useUnsavedChanges } from "./unsaved-changes";

/**
 * The form layer: Mantine forms validated by the shared zod schemas, so the browser
 * and the API give the same Japanese message for the same mistake. Form values use
 * the schema's (wire) keys, so a server `fields` key such as `address1` or
 * `japan_post.layout` is already the form path.
 */

type Issue = { path: readonly PropertyKey[]; message: string };

/** The first message per field path (`japan_post.layout`); a form-wide issue goes under FORM_ERROR_KEY. */
export function issuesToFormErrors(issues: readonly Issue[]): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join(".") || FORM_ERROR_KEY;
    errors[path] ??= issue.message;
  }
  return errors;
}

/** A synchronous Mantine `validate` function backed by a zod schema. */
export function zodResolver(schema: z.ZodType) {
  return (values: unknown): FormErrors => {
    const result = schema.safeParse(values);
    return result.success ? {} : issuesToFormErrors(result.error.issues);
  };
}

/**
 * A form's schema, fetched after the first screen: zod, the schemas and the phone metadata
 * they check numbers with are about 40 KB gzip that drawing a form does not need, only
 * checking it. Made once per schema, at module level:
 * `laterSchema(() => import("@okuru/core/shared/sender").then((module) => module.SenderInput))`;
 * the import is the only one of the schema's module, so the form's chunk holds none of it.
 * A part loaded after the first screen anyway (the order drawer) may hold its schema and
 * give it as `laterSchema(async () => Schema)`.
 */
export interface LaterSchema<S extends z.ZodType> {
  /** The schema once it has come. */
  readonly loaded: S | undefined;
  load(): Promise<S>;
}

export function laterSchema<S extends z.ZodType>(load: () => Promise<S>): LaterSchema<S> {
  // Zod speaks Japanese wherever a shared schema gives no message of its own (as on the server).
  const schema = fetchOnce(() =>
    Promise.all([import("@okuru/core/shared/zod"), load()]).then(([, loaded]) => loaded),
  );
  return {
    get loaded() {
      return schema.value;
    },
    load: schema.fetch,
  };
}

export type SchemaForm<Values, Output> = UseFormReturnType<Values, Output, (values: Values) => FormErrors> & {
  /** Settles once the schema has come: useFormSubmit validates after it. */
  schemaReady: () => Promise<unknown>;
};

/**
 * A controlled form over `schema`: a field the merchant changed is checked when they
 * leave it, everything on submit. Fields merely tabbed through stay quiet: an error
 * appearing on blur would push the buttons down under a click already on its way.
 * The submit handler receives the schema's output (trimmed text, 7-digit postal
 * codes, hyphenated phone numbers), which is the request body as it travels.
 * The schema is fetched when the browser is next idle after the form is drawn; a check
 * asked for before it has come (a field left, a submit) waits for it.
 */
export function useSchemaForm<Values extends Record<string, unknown>, S extends z.ZodType>(
  schema: LaterSchema<S>,
  options: { initialValues: Values; name?: string; initialErrors?: FormErrors },
): SchemaForm<Values, z.output<S>> {
  const form = useForm<Values, z.output<S>, FormErrors>({
    mode: "controlled",
    name: options.name,
    initialValues: options.initialValues,
    initialErrors: options.initialErrors,
    validate: (values) => (schema.loaded ? zodResolver(schema.loaded)(values) : {}),
    enhanceGetInputProps: ({ field, form }) => ({
      onBlur: () => {
        if (!form.isDirty(field)) return;
        if (schema.loaded) form.validateField(field);
        else void schema.load().then(() => form.validateField(field), ignoreFailedFetch);
      },
    }),
    // Only reached after schemaReady (useFormSubmit): the output is the schema's.
    transformValues: (values) => (schema.loaded as S).parse(values),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: fetched once, when the form is first drawn
  useEffect(() => prefetchWhenIdle(() => schema.load()), []);
  // A page of several separately saved forms asks before it is left with edits unsaved.
  useUnsavedChanges(() => form.isDirty());
  return Object.assign(form, { schemaReady: () => schema.load() });
}

/** A schema that failed to come is fetched again at the next check, or the submit says so. */
const ignoreFailedFetch = () => undefined;

/** Whether `path` (dotted) names a value of the form. */
function hasPath(values: unknown, path: string): boolean {
  let current: unknown = values;
  for (const part of path.split(".")) {
    if (current === null || typeof current !== "object" || !(part in current)) return false;
    current = (current as Record<string, unknown>)[part];
  }
  return true;
}

export { unexpectedErrorMessage };

export interface ServerErrorOptions {
  /** Errors without `fields` that belong to one field, by code: `{ "user.email_exists": "email" }`. */
  codeFields?: Record<string, string>;
}

/**
 * Puts a failed call's field messages next to their fields. `message` is what the
 * form must still show on its own (an alert): the API's message when no field took
 * it, null when every message found its field. `placed` lists the fields that did.
 */
export function applyServerErrors<Values>(
  form: Pick<UseFormReturnType<Values, never>, "getValues" | "setFieldError">,
  error: unknown,
  options: ServerErrorOptions = {},
): { message: string | null; placed: string[] } {
  if (!(error instanceof ApiError)) return { message: unexpectedErrorMessage, placed: [] };
  const setFieldError = form.setFieldError as (path: string, message: string) => void;
  const codeField = options.codeFields?.[error.code];
  if (codeField) {
    setFieldError(codeField, error.message);
    return { message: null, placed: [codeField] };
  }
  const values = form.getValues();
  const entries = Object.entries(error.fields ?? {});
  const placed: string[] = [];
  const unplaced: string[] = [];
  for (const [path, message] of entries) {
    if (path !== FORM_ERROR_KEY && hasPath(values, path)) {
      setFieldError(path, message);
      placed.push(path);
    } else {
      unplaced.push(message);
    }
  }
  if (entries.length > 0 && unplaced.length === 0) return { message: null, placed };
  return { message: unplaced.length > 0 ? [...new Set(unplaced)].join(" ") : error.message, placed };
}

/** Moves the focus to a field, so a long form does not hide its error. */
function focusField<Values>(form: UseFormReturnType<Values, never>, path: string | undefined) {
  if (!path) return;
  const getInputNode = form.getInputNode as (path: string) => HTMLElement | null;
  getInputNode(path)?.focus();
}

export interface FormSubmitOptions<Result> extends ServerErrorOptions {
  /** The success toast. */
  success?: string | ((result: Result) => string);
  onSuccess?: (result: Result) => unknown;
}

/**
 * Submits a schema form: validates, calls `action` with the schema's output, toasts
 * on success, and on failure puts the server's messages on their fields; whatever
 * no field shows comes back as `error` for a FormAlert. `form.submitting` is true
 * while the call (and onSuccess) runs.
 */
export function useFormSubmit<Values, Output, Result>(
  form: SchemaForm<Values, Output>,
  action: (values: Output) => Promise<Result>,
  options: FormSubmitOptions<Result> = {},
) {
  const [error, setError] = useState<string | null>(null);
  const anyForm = form as unknown as UseFormReturnType<Values, never>;
  const submitChecked = form.onSubmit(
    async (values) => {
      setError(null);
      let result: Result;
      try {
        result = await action(values);
      } catch (failure) {
        const { message, placed } = applyServerErrors(anyForm, failure, options);
        setError(message);
        focusField(anyForm, placed[0]);
        return;
      }
      // What was sent is saved: the form is no longer dirty (onSuccess may show the stored values).
      anyForm.resetDirty();
      const { success } = options;
      if (success) notify.success(typeof success === "function" ? success(result) : success);
      await options.onSuccess?.(result);
    },
    (errors) => {
      // A form-wide issue (no path) has no field to sit next to.
      setError(typeof errors[FORM_ERROR_KEY] === "string" ? errors[FORM_ERROR_KEY] : null);
      focusField(
        anyForm,
        Object.keys(errors).find((path) => path !== FORM_ERROR_KEY && errors[path]),
      );
    },
  );
  // Checked with the schema, which may still be on its way when the merchant submits at once.
  const onSubmit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    form.schemaReady().then(
      () => submitChecked(),
      () => setError(unexpectedErrorMessage),
    );
  };
  const clearError = useCallback(() => setError(null), []);
  return { onSubmit, error, setError, clearError };
}
