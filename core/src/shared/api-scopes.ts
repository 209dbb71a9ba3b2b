import { z } from "zod";
import { apiScopes } from "./api-scope-names";
import { requiredText } from "./fields";

/** The credential schemas; the scopes and their names (no schemas) live in api-scope-names.ts. */
export { type ApiScope, apiScopeLabels, apiScopes, isApiScope } from "./api-scope-names";

const scopes = z
  .array(z.enum(apiScopes, { error: "権限（スコープ）が正しくありません" }))
  .min(1, { error: "権限（スコープ）を1つ以上選択してください" })
  .transform((list) => apiScopes.filter((scope) => list.includes(scope)));

const expiresAt = z.iso
  .datetime({ offset: true, error: "有効期限は日時（ISO 8601）で指定してください" })
  .nullable()
  .optional()
  .meta({ description: "有効期限（省略または null で無期限）" });

export const CredentialCreate = z
  .object({ name: requiredText("名前", 64), scopes, expires_at: expiresAt })
  .meta({ id: "credentialCreateReq" });

export const CredentialUpdate = z
  .object({ name: requiredText("名前", 64), scopes, expires_at: expiresAt })
  .meta({ id: "credentialUpdateReq" });
