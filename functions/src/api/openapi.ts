import { OpenAPIHono, z } from "@hono/zod-openapi";
import { PAGE_SIZE } from "@okuru/core/entities/records";
import type { AppEnv } from "./env";
import { invalidInput } from "./errors";

export const ErrorSchema = z
  .object({
    code: z.string().meta({ example: "input.invalid" }),
    message: z.string().meta({ example: "入力内容に誤りがあります。" }),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: "Error" });

const errorContent = (description: string) => ({
  description,
  content: { "application/json": { schema: ErrorSchema } },
});

/** The error answers every authenticated route can give. */
export const authErrors = {
  401: errorContent("認証されていない、またはトークンが無効"),
  500: errorContent("サーバーエラー"),
} as const;

export const inputErrors = { 400: errorContent("入力エラー") } as const;
export const notFound = { 404: errorContent("見つからない") } as const;
export const forbidden = { 403: errorContent("権限がない") } as const;
export const conflict = { 409: errorContent("競合") } as const;
export const ruleErrors = { 422: errorContent("業務ルール違反") } as const;

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

export const bearerSecurity = [{ Bearer: [] }];

/** The query every list endpoint takes: an opaque cursor from the previous page and a bounded page size. */
export const PageQuery = z.object({
  cursor: z
    .string()
    .max(2048)
    .optional()
    .meta({ description: "前のページの next_cursor（最初のページでは省略）" }),
  limit: z.coerce
    .number({ error: "件数は数値で指定してください" })
    .int({ error: "件数は整数で指定してください" })
    .min(1, { error: `件数は1以上で指定してください` })
    .max(PAGE_SIZE.max, { error: `件数は${PAGE_SIZE.max}以下で指定してください` })
    .optional()
    .meta({ description: `1ページの件数（既定 ${PAGE_SIZE.default}、最大 ${PAGE_SIZE.max}）` }),
});

/** `{ items, next_cursor }`: every list answers one page; `next_cursor` is null on the last one. */
export function pageOf<T extends z.ZodType>(item: T, id: string) {
  return z.object({ items: z.array(item), next_cursor: z.string().nullable() }).meta({ id });
}

export function toPage<Item, Wire>(
  page: { items: Item[]; cursor: string | null },
  serialize: (item: Item) => Wire,
) {
  return { items: page.items.map(serialize), next_cursor: page.cursor };
}

/** Every router is built the same way, so validation failures answer in one shape. */
export function router() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return c.json(invalidInput(result.error), 400);
    },
  });
}
