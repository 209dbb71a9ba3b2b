import { z } from "zod";
import { requiredText } from "./fields";

/**
 * What a public-API credential may be allowed to do. The one closed list: credentials
 * store these, the token endpoint grants a subset, and the API's route table
 * (functions/src/api/client-scopes.ts) names one per route.
 */
export const apiScopes = [
  "orders:read",
  "orders:write",
  "labels:write",
  "exports:write",
  "tracking:write",
] as const;
export type ApiScope = (typeof apiScopes)[number];

export const apiScopeLabels: Record<ApiScope, string> = {
  "orders:read": "受注・出荷の参照",
  "orders:write": "受注の編集",
  "labels:write": "送り状の発行・取消",
  "exports:write": "配送会社ファイルの出力・取込",
  "tracking:write": "追跡番号のストア反映",
};

export function isApiScope(value: string): value is ApiScope {
  return (apiScopes as readonly string[]).includes(value);
}

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
