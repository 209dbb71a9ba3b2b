import { createRoute, z } from "@hono/zod-openapi";
import { Account } from "@okuru/core/account";
import { Company } from "@okuru/core/company";
import {
  authErrors,
  bearerSecurity,
  conflict,
  inputErrors,
  jsonContent,
  router,
  ruleErrors,
} from "../openapi";

const SignupCheck = z.object({ exist: z.boolean() }).meta({ id: "SignupCheck" });
const SignupResult = z.object({ company: Company.Info }).meta({ id: "SignupResult" });

export const signup = router();
signup
  .openapi(
    createRoute({
      method: "get",
      path: "/",
      tags: ["account"],
      summary: "サインアップ済みか確認する",
      security: bearerSecurity,
      responses: { 200: jsonContent(SignupCheck, "登録状況"), ...authErrors },
    }),
    async (c) => c.json({ exist: await Account.exists() }, 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/",
      tags: ["account"],
      summary: "会社と最初のユーザー（管理者）を作成する",
      security: bearerSecurity,
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
