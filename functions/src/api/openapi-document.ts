import type { OpenAPIHono } from "@hono/zod-openapi";
import { apiScopeLabels, apiScopes } from "@okuru/core/shared/api-scopes";
import { guideMarkdown, tagDescriptions } from "./api-guide";
import { requiredScope } from "./client-scopes";
import { bearerSecurity } from "./openapi";
import { operationExamples } from "./openapi-examples";
import { operationIds } from "./operation-ids";
import { isPublicRoute } from "./public-routes";

type Document = ReturnType<OpenAPIHono["getOpenAPI31Document"]>;
// The generator's types are a union per field; the edits below only add plain JSON.
// biome-ignore lint/suspicious/noExplicitAny: operations are edited as the JSON they are
type Operation = Record<string, any>;

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"] as const;

/** The security scheme of API連携 access tokens, named in each operation a token may call. */
export const CLIENT_SCHEME = "ClientCredentials";

const securitySchemes = {
  Bearer: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "管理画面にログインしたユーザーの Cognito ID トークン",
  },
  [CLIENT_SCHEME]: {
    type: "oauth2",
    description:
      "API連携のアクセストークン。設定 > API連携 で作成したクライアントID とシークレットで POST /api/oauth_token から取得し、Authorization: Bearer ヘッダーで送ります。",
    flows: {
      clientCredentials: {
        tokenUrl: "/api/oauth_token",
        scopes: Object.fromEntries(apiScopes.map((scope) => [scope, apiScopeLabels[scope]])),
      },
    },
  },
} as const;

const problem = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

/** API Gateway throttles every route, public ones too; its answer is not ours, so it has no schema. */
const throttled = { description: "リクエストが多すぎる（しばらく待ってから再度お試しください）" };

const clientRefusals = {
  403: problem("権限がない（アクセストークンに必要なスコープがない、API連携が無効、など）"),
  429: {
    ...problem("呼び出し回数の上限に達した（Retry-After 秒後に再度お試しください）"),
    headers: {
      "Retry-After": { description: "再度呼び出せるまでの秒数", schema: { type: "integer" } },
      "RateLimit-Limit": { description: "1分あたりの上限回数", schema: { type: "integer" } },
      "RateLimit-Remaining": { description: "この1分に残っている回数", schema: { type: "integer" } },
      "RateLimit-Reset": { description: "上限がリセットされるまでの秒数", schema: { type: "integer" } },
    },
  },
};

/** The document itself and this reference: served by app.ts beside the routes, not through the registry. */
const referencePaths = {
  "/api/openapi.json": {
    get: {
      tags: ["system"],
      summary: "この API の OpenAPI 3.1 ドキュメント",
      responses: {
        200: {
          description: "OpenAPI ドキュメント",
          content: { "application/json": { schema: { type: "object" } } },
        },
        429: throttled,
      },
    },
  },
  "/api/docs": {
    get: {
      tags: ["system"],
      summary: "API リファレンス（このドキュメントを読みやすくしたページ）",
      responses: {
        200: { description: "HTML のリファレンス", content: { "text/html": { schema: { type: "string" } } } },
        429: throttled,
      },
    },
  },
};

function addExamples(operation: Operation, key: string) {
  const examples = operationExamples[key];
  if (!examples) return;
  for (const parameter of operation.parameters ?? []) {
    const value = examples.parameters?.[parameter.name];
    if (value !== undefined) parameter.example = value;
  }
  if (examples.body !== undefined) {
    for (const media of Object.values<Operation>(operation.requestBody?.content ?? {}))
      media.example = examples.body;
  }
  for (const [status, value] of Object.entries(examples.responses ?? {})) {
    const media = operation.responses?.[status]?.content?.["application/json"];
    if (media) media.example = value;
  }
}

/**
 * Who may call an operation: nobody needs a token on a public route; a route open to
 * API連携 tokens takes either a user's token or a client token with its scope (the same
 * table the auth middleware enforces); any other route only a user's.
 */
function secure(operation: Operation, method: string, path: string) {
  if (isPublicRoute(method, path)) {
    operation.security = [];
    return;
  }
  const scope = requiredScope(method, path);
  if (!scope) {
    operation.security ??= bearerSecurity;
    return;
  }
  operation.security = [...bearerSecurity, { [CLIENT_SCHEME]: [scope] }];
  operation.responses = { ...clientRefusals, ...operation.responses };
}

function complete(operation: Operation, method: string, path: string) {
  const key = `${method} ${path}`;
  operation.operationId ??= operationIds[key];
  secure(operation, method, path);
  if (!Object.keys(operation.responses ?? {}).some((status) => status.startsWith("4"))) {
    operation.responses = { ...operation.responses, 429: throttled };
  }
  addExamples(operation, key);
}

/**
 * The served document: what the routes declare, plus what they leave to one place
 * (operation ids, both security schemes, the reference routes, tags, examples, and the
 * getting-started guide).
 */
export function apiDocument(app: Pick<OpenAPIHono, "getOpenAPI31Document">): Document {
  const generated = app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Okuru API",
      version: "1.0.0",
      description: guideMarkdown(),
      contact: { name: "送る サポート", url: "https://okuru.jp/help" },
    },
    servers: [{ url: "/", description: "送るの画面と同じURL（API は /api の下）" }],
  });
  const document = structuredClone(generated) as Document & { paths: Record<string, Operation> };
  // Not open source: an SPDX reference names the terms without pointing at a public licence
  // text (OpenAPI 3.1's `identifier`, which the generator's 3.0-shaped input does not take).
  document.info.license = { name: "Proprietary", identifier: "LicenseRef-Okuru-Proprietary" };
  document.paths = { ...document.paths, ...structuredClone(referencePaths) };
  const used = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation: Operation | undefined = item[method];
      if (!operation) continue;
      complete(operation, method.toUpperCase(), path);
      for (const tag of operation.tags ?? []) used.add(tag);
    }
  }
  const described = tagDescriptions.filter((tag) => used.has(tag.name));
  const undescribed = [...used]
    .filter((name) => !described.some((tag) => tag.name === name))
    .map((name) => ({ name, description: name }));
  document.tags = [...described, ...undescribed];
  document.components = {
    ...document.components,
    securitySchemes: { ...document.components?.securitySchemes, ...securitySchemes },
  };
  return document;
}
