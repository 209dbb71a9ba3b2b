import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type CredentialCreateReq,
  type CredentialUpdateReq,
  createCredential,
  createWebhookEndpoint,
  deleteCredential,
  deleteWebhookEndpoint,
  getCredentials,
  getWebhookDeliveries,
  getWebhookEndpoints,
  rotateCredential,
  rotateWebhookSecret,
  updateCredential,
  updateWebhookEndpoint,
  type WebhookEndpointReq,
} from "../lib/api";

/** API連携: the company's credentials, each with its webhook endpoints and their deliveries. */
export const credentialKeys = {
  all: ["credentials"] as const,
  list: () => ["credentials", "list"] as const,
  webhooks: (credentialId: string) => ["credentials", credentialId, "webhooks"] as const,
  deliveries: (credentialId: string, webhookId: string) =>
    ["credentials", credentialId, "webhooks", webhookId, "deliveries"] as const,
};

export const credentialsQueryOptions = () =>
  queryOptions({ queryKey: credentialKeys.list(), queryFn: () => getCredentials() });

export const webhookEndpointsQueryOptions = (credentialId: string) =>
  queryOptions({
    queryKey: credentialKeys.webhooks(credentialId),
    queryFn: () => getWebhookEndpoints(credentialId),
  });

export const webhookDeliveriesQueryOptions = (credentialId: string, webhookId: string) =>
  queryOptions({
    queryKey: credentialKeys.deliveries(credentialId, webhookId),
    queryFn: () => getWebhookDeliveries(credentialId, webhookId),
    // The log fills as the queue delivers: read again while it is open.
    refetchInterval: 10_000,
  });

/** A change to any credential or endpoint: everything under API連携 is read again. */
function useCredentialMutation<V, T>(call: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialKeys.all }),
  });
}

export const useCreateCredential = () =>
  useCredentialMutation((body: CredentialCreateReq) => createCredential(body));
export const useUpdateCredential = () =>
  useCredentialMutation(({ id, body }: { id: string; body: CredentialUpdateReq }) =>
    updateCredential(id, body),
  );
export const useRotateCredential = () => useCredentialMutation((id: string) => rotateCredential(id));
export const useDeleteCredential = () => useCredentialMutation((id: string) => deleteCredential(id));
export const useCreateWebhookEndpoint = () =>
  useCredentialMutation(({ credentialId, body }: { credentialId: string; body: WebhookEndpointReq }) =>
    createWebhookEndpoint(credentialId, body),
  );
export const useUpdateWebhookEndpoint = () =>
  useCredentialMutation(
    ({
      credentialId,
      webhookId,
      body,
    }: {
      credentialId: string;
      webhookId: string;
      body: WebhookEndpointReq;
    }) => updateWebhookEndpoint(credentialId, webhookId, body),
  );
export const useRotateWebhookSecret = () =>
  useCredentialMutation(({ credentialId, webhookId }: { credentialId: string; webhookId: string }) =>
    rotateWebhookSecret(credentialId, webhookId),
  );
export const useDeleteWebhookEndpoint = () =>
  useCredentialMutation(({ credentialId, webhookId }: { credentialId: string; webhookId: string }) =>
    deleteWebhookEndpoint(credentialId, webhookId),
  );
