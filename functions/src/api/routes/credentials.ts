import { Credential } from "@okuru/core/entities/credential";
import { CredentialCreate, CredentialUpdate } from "@okuru/core/shared/api-scopes";
import {
  authErrors,
  forbidden,
  inputErrors,
  jsonContent,
  notFound,
  PageQuery,
  pageOf,
  router,
  ruleErrors,
  toPage,
} from "../openapi";
import { apiRoute, IdParam, jsonBody } from "./crud";

const tag = "credential";
const managed = { ...authErrors, ...forbidden } as const;
const forbiddenNote =
  "管理者のみ。会社でAPI連携が有効になっていない場合は 403（feature.api_disabled）を返します。";

/** The created or rotated credential, with its secret: the only answer that ever carries it. */
const withSecret = ({ credential, secret }: Credential.Created) => ({
  ...Credential.serialize(credential),
  client_secret: secret,
});

/** API連携: client credentials for the public API, managed by administrators (checked in core). */
export const credentials = router();
credentials
  .openapi(
    apiRoute({
      method: "get",
      path: "/",
      operationId: "listCredentials",
      tag,
      summary: "API連携の認証情報の一覧",
      description: forbiddenNote,
      request: { query: PageQuery },
      responses: {
        200: jsonContent(pageOf(Credential.Info, "CredentialList"), "認証情報（シークレットは含みません）"),
        ...inputErrors,
        ...managed,
      },
    }),
    async (c) => c.json(toPage(await Credential.list(c.req.valid("query")), Credential.serialize), 200),
  )
  .openapi(
    apiRoute({
      method: "post",
      path: "/",
      operationId: "createCredential",
      tag,
      summary: "API連携の認証情報を作成する",
      description: `クライアントシークレットはこの応答でのみ表示されます。${forbiddenNote}`,
      request: { body: jsonBody(CredentialCreate) },
      responses: {
        201: jsonContent(Credential.WithSecret, "作成した認証情報（シークレットを含む）"),
        ...inputErrors,
        ...managed,
        ...ruleErrors,
      },
    }),
    async (c) => c.json(withSecret(await Credential.create(c.req.valid("json"))), 201),
  )
  .openapi(
    apiRoute({
      method: "get",
      path: "/{id}",
      operationId: "getCredential",
      tag,
      summary: "API連携の認証情報",
      description: forbiddenNote,
      request: { params: IdParam },
      responses: { 200: jsonContent(Credential.Info, "認証情報"), ...managed, ...notFound },
    }),
    async (c) => c.json(Credential.serialize(await Credential.get(c.req.valid("param").id)), 200),
  )
  .openapi(
    apiRoute({
      method: "put",
      path: "/{id}",
      operationId: "updateCredential",
      tag,
      summary: "API連携の認証情報の名前・スコープ・有効期限を変更する",
      description: `外したスコープは発行済みのトークンからも即時に外れます。${forbiddenNote}`,
      request: { params: IdParam, body: jsonBody(CredentialUpdate) },
      responses: {
        200: jsonContent(Credential.Info, "変更した認証情報"),
        ...inputErrors,
        ...managed,
        ...notFound,
      },
    }),
    async (c) =>
      c.json(
        Credential.serialize(await Credential.update(c.req.valid("param").id, c.req.valid("json"))),
        200,
      ),
  )
  .openapi(
    apiRoute({
      method: "post",
      path: "/{id}/rotate",
      operationId: "rotateCredential",
      tag,
      summary: "クライアントシークレットを再発行する",
      description: `古いシークレットと、それで発行したアクセストークンは即時に使えなくなります。${forbiddenNote}`,
      request: { params: IdParam },
      responses: {
        200: jsonContent(Credential.WithSecret, "新しいシークレットを含む認証情報"),
        ...managed,
        ...notFound,
      },
    }),
    async (c) => c.json(withSecret(await Credential.rotate(c.req.valid("param").id)), 200),
  )
  .openapi(
    apiRoute({
      method: "delete",
      path: "/{id}",
      operationId: "deleteCredential",
      tag,
      summary: "API連携の認証情報を失効・削除する",
      description: `発行済みのアクセストークンも即時に使えなくなります。${forbiddenNote}`,
      request: { params: IdParam },
      responses: { 204: { description: "削除しました" }, ...managed, ...notFound },
    }),
    async (c) => {
      await Credential.remove(c.req.valid("param").id);
      return c.body(null, 204);
    },
  );
