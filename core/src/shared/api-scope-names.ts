/**
 * What a public-API credential may be allowed to do, in a module without schemas: the
 * API連携 screen lists and offers these, and api-scopes.ts (which re-exports them) would
 * bring zod and the phone metadata with it. The one closed list: credentials store these,
 * the token endpoint grants a subset, and the API's route table
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
