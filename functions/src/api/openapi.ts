import { OpenAPIHono, z } from "@hono/zod-openapi";
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

/** Every router is built the same way, so validation failures answer in one shape. */
export function router() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return c.json(invalidInput(result.error), 400);
    },
  });
}
