import { z } from "@hono/zod-openapi";
import { Credential } from "@okuru/core/entities/credential";
import { WebhookEndpoint } from "@okuru/core/entities/webhook-endpoint";
import { WebhookEndpointInput } from "@okuru/core/shared/webhook-events";
import { authErrors, forbidden, inputErrors, jsonContent, notFound, router, ruleErrors } from "../openapi";
import { apiRoute, IdParam, jsonBody } from "./crud";

const tag = "credential";
const managed = { ...authErrors, ...forbidden, ...notFound } as const;
const note =
  '管理者のみ。送信先には `Okuru-Signature: t=<UNIX秒>,v1=<HMAC-SHA256(シークレット, "<t>.<本文>") の16進>` を付けて POST し、2xx 以外は最大約1日、間隔を空けて再送します。';

const WebhookParams = IdParam.extend({
  webhook_id: z
    .string()
    .min(1)
    .max(64)
    .meta({ param: { name: "webhook_id", in: "path" }, example: "whk_01JAAAAAAAAAAAAAAAAAAAAAAA" }),
});

const EndpointList = z.object({ items: z.array(WebhookEndpoint.Info) }).meta({ id: "WebhookEndpointList" });
const DeliveryList = z
  .object({ items: z.array(WebhookEndpoint.DeliveryInfo) })
  .meta({ id: "WebhookDeliveryList" });
const EndpointBody = WebhookEndpointInput.meta({ id: "webhookEndpointReq" });

const withSecret = ({
  endpoint,
  secret,
}: {
  endpoint: WebhookEndpoint.WebhookEndpointItem;
  secret: string;
}) => ({
  ...WebhookEndpoint.serialize(endpoint),
  secret,
});

/** The credential named in the path, as its manager may see it: 404 for another company's, 403 without API連携. */
const credentialOf = async (id: string) => (await Credential.get(id)).credentialId;

/** Webhooks out: a credential's HTTPS endpoints and their recent deliveries. */
export const credentialWebhooks = router();
credentialWebhooks
  .openapi(
    apiRoute({
      method: "get",
      path: "/{id}/webhooks",
      operationId: "listWebhookEndpoints",
      tag,
      summary: "認証情報の Webhook 送信先の一覧",
      description: note,
      request: { params: IdParam },
      responses: { 200: jsonContent(EndpointList, "送信先（シークレットは含みません）"), ...managed },
    }),
    async (c) => {
      const credentialId = await credentialOf(c.req.valid("param").id);
      const items = await WebhookEndpoint.list(credentialId);
      return c.json({ items: items.map(WebhookEndpoint.serialize) }, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      path: "/{id}/webhooks",
      operationId: "createWebhookEndpoint",
      tag,
      summary: "Webhook の送信先を登録する",
      description: `署名用シークレットはこの応答でのみ表示されます。社内・ローカルのアドレスや http のURLは登録できません。${note}`,
      request: { params: IdParam, body: jsonBody(EndpointBody) },
      responses: {
        201: jsonContent(WebhookEndpoint.WithSecret, "登録した送信先（シークレットを含む）"),
        ...inputErrors,
        ...managed,
        ...ruleErrors,
      },
    }),
    async (c) => {
      const credentialId = await credentialOf(c.req.valid("param").id);
      return c.json(withSecret(await WebhookEndpoint.create(credentialId, c.req.valid("json"))), 201);
    },
  )
  .openapi(
    apiRoute({
      method: "put",
      path: "/{id}/webhooks/{webhook_id}",
      operationId: "updateWebhookEndpoint",
      tag,
      summary: "Webhook の送信先（URL・イベント・有効）を変更する",
      description: note,
      request: { params: WebhookParams, body: jsonBody(EndpointBody) },
      responses: { 200: jsonContent(WebhookEndpoint.Info, "変更した送信先"), ...inputErrors, ...managed },
    }),
    async (c) => {
      const { id, webhook_id } = c.req.valid("param");
      const credentialId = await credentialOf(id);
      const updated = await WebhookEndpoint.update(credentialId, webhook_id, c.req.valid("json"));
      return c.json(WebhookEndpoint.serialize(updated), 200);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      path: "/{id}/webhooks/{webhook_id}/rotate",
      operationId: "rotateWebhookSecret",
      tag,
      summary: "Webhook の署名用シークレットを再発行する",
      description: `古いシークレットでの署名は即時に終わります。${note}`,
      request: { params: WebhookParams },
      responses: {
        200: jsonContent(WebhookEndpoint.WithSecret, "新しいシークレットを含む送信先"),
        ...managed,
      },
    }),
    async (c) => {
      const { id, webhook_id } = c.req.valid("param");
      const credentialId = await credentialOf(id);
      return c.json(withSecret(await WebhookEndpoint.rotateSecret(credentialId, webhook_id)), 200);
    },
  )
  .openapi(
    apiRoute({
      method: "delete",
      path: "/{id}/webhooks/{webhook_id}",
      operationId: "deleteWebhookEndpoint",
      tag,
      summary: "Webhook の送信先を削除する",
      description: note,
      request: { params: WebhookParams },
      responses: { 204: { description: "削除しました" }, ...managed },
    }),
    async (c) => {
      const { id, webhook_id } = c.req.valid("param");
      await WebhookEndpoint.remove(await credentialOf(id), webhook_id);
      return c.body(null, 204);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      path: "/{id}/webhooks/{webhook_id}/deliveries",
      operationId: "listWebhookDeliveries",
      tag,
      summary: "Webhook の最近の送信記録（新しい順、30日分まで）",
      description: note,
      request: { params: WebhookParams },
      responses: { 200: jsonContent(DeliveryList, "送信記録"), ...managed },
    }),
    async (c) => {
      const { id, webhook_id } = c.req.valid("param");
      const items = await WebhookEndpoint.deliveries(await credentialOf(id), webhook_id);
      return c.json({ items: items.map(WebhookEndpoint.serializeDelivery) }, 200);
    },
  );
