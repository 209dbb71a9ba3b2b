import { z } from "@hono/zod-openapi";
import { Company } from "@okuru/core/entities/company";
import { Account } from "@okuru/core/workflows/account";
import { authErrors, conflict, inputErrors, jsonContent, router, ruleErrors } from "../openapi";
import { apiRoute } from "./crud";

const SignupCheck = z.object({ exist: z.boolean() }).meta({ id: "SignupCheck" });
const SignupResult = z.object({ company: Company.Info }).meta({ id: "SignupResult" });

export const signup = router();
signup
  .openapi(
    apiRoute({
      method: "get",
      path: "/",
      tag: "account",
      summary: "サインアップ済みか確認する",
      responses: { 200: jsonContent(SignupCheck, "登録状況"), ...authErrors },
    }),
    async (c) => c.json({ exist: await Account.exists() }, 200),
  )
  .openapi(
    apiRoute({
      method: "post",
      path: "/",
      tag: "account",
      summary: "会社と最初のユーザー（管理者）を作成する",
      request: {
        body: { content: { "application/json": { schema: Account.SignupInput } }, required: false },
      },
      responses: {
        201: jsonContent(SignupResult, "作成した会社"),
        ...inputErrors,
        ...authErrors,
        ...conflict,
        ...ruleErrors,
      },
    }),
    async (c) => {
      const body = (await c.req.json().catch(() => ({}))) as unknown;
      const { company } = await Account.signup(Account.SignupInput.parse(body ?? {}));
      return c.json({ company: Company.serialize(company) }, 201);
    },
  );
