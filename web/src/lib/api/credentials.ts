import { answer, api, byId, mayBeLeftOut, required } from "./client";
import type { BodyOf, Camelize, Schemas } from "./wire";

/** API連携: a client id and secret per integration, and its webhook endpoints. */
export type Credential = Camelize<Schemas["Credential"]>;
export type CredentialWithSecret = Camelize<Schemas["CredentialWithSecret"]>;
export type CredentialCreateReq = BodyOf<"/api/credentials", "post">;
export type CredentialUpdateReq = BodyOf<"/api/credentials/{id}", "put">;
export type WebhookEndpoint = Camelize<Schemas["WebhookEndpoint"]>;
export type WebhookEndpointWithSecret = Camelize<Schemas["WebhookEndpointWithSecret"]>;
export type WebhookEndpointReq = BodyOf<"/api/credentials/{id}/webhooks", "post">;
export type WebhookDelivery = Camelize<Schemas["WebhookDelivery"]>;

export const getCredentials = () => answer(api.GET("/api/credentials"));
export const getCredential = async (id: string) =>
  answer(api.GET("/api/credentials/{id}", { params: byId("getCredential", id) }));
export const createCredential = async (credentialCreateReq: CredentialCreateReq) =>
  answer(
    api.POST("/api/credentials", {
      body: required("createCredential", "credentialCreateReq", credentialCreateReq),
    }),
  );
export const updateCredential = async (id: string, credentialUpdateReq?: CredentialUpdateReq) =>
  answer(
    api.PUT("/api/credentials/{id}", {
      params: byId("updateCredential", id),
      body: mayBeLeftOut(credentialUpdateReq),
    }),
  );
export const rotateCredential = async (id: string) =>
  answer(api.POST("/api/credentials/{id}/rotate", { params: byId("rotateCredential", id) }));
export const deleteCredential = async (id: string) =>
  answer(api.DELETE("/api/credentials/{id}", { params: byId("deleteCredential", id) }));

const webhookPath = (operation: string, id: string, webhookId: string) => ({
  path: {
    id: required(operation, "id", id),
    webhook_id: required(operation, "webhookId", webhookId),
  },
});

export const getWebhookEndpoints = async (id: string) =>
  answer(api.GET("/api/credentials/{id}/webhooks", { params: byId("listWebhookEndpoints", id) }));
export const createWebhookEndpoint = async (id: string, webhookEndpointReq: WebhookEndpointReq) =>
  answer(
    api.POST("/api/credentials/{id}/webhooks", {
      params: byId("createWebhookEndpoint", id),
      body: required("createWebhookEndpoint", "webhookEndpointReq", webhookEndpointReq),
    }),
  );
export const updateWebhookEndpoint = async (
  id: string,
  webhookId: string,
  webhookEndpointReq: WebhookEndpointReq,
) =>
  answer(
    api.PUT("/api/credentials/{id}/webhooks/{webhook_id}", {
      params: webhookPath("updateWebhookEndpoint", id, webhookId),
      body: required("updateWebhookEndpoint", "webhookEndpointReq", webhookEndpointReq),
    }),
  );
export const rotateWebhookSecret = async (id: string, webhookId: string) =>
  answer(
    api.POST("/api/credentials/{id}/webhooks/{webhook_id}/rotate", {
      params: webhookPath("rotateWebhookSecret", id, webhookId),
    }),
  );
export const deleteWebhookEndpoint = async (id: string, webhookId: string) =>
  answer(
    api.DELETE("/api/credentials/{id}/webhooks/{webhook_id}", {
      params: webhookPath("deleteWebhookEndpoint", id, webhookId),
    }),
  );
export const getWebhookDeliveries = async (id: string, webhookId: string) =>
  answer(
    api.GET("/api/credentials/{id}/webhooks/{webhook_id}/deliveries", {
      params: webhookPath("listWebhookDeliveries", id, webhookId),
    }),
  );
