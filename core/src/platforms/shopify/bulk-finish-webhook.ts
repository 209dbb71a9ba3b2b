import { z } from "zod";
import { type ClientOptions, graphql, ShopifyError } from "./client";

/**
 * The shop's `bulk_operations/finish` subscription (docs/platforms.md#shopify-bulk-operations):
 * Shopify announces a bulk query's end to it, so a run waiting for the file goes on at once
 * instead of at its next delayed look. Asked for before each bulk query rather than at
 * connection, so shops connected before the product used it get it too.
 */

export const BULK_FINISH_TOPIC = "bulk_operations/finish";

const LIST = /* GraphQL */ `
  query OkuruBulkFinishHooks($callbackUrl: URL!) {
    webhookSubscriptions(first: 5, topics: [BULK_OPERATIONS_FINISH], callbackUrl: $callbackUrl) {
      nodes { id }
    }
  }
`;

const CREATE = /* GraphQL */ `
  mutation OkuruBulkFinishHook($callbackUrl: URL!) {
    webhookSubscriptionCreate(
      topic: BULK_OPERATIONS_FINISH
      webhookSubscription: { callbackUrl: $callbackUrl, format: JSON }
    ) {
      webhookSubscription { id }
      userErrors { field message }
    }
  }
`;

/**
 * Subscribes `callbackUrl` to the shop's finished bulk operations unless it already is: a
 * second subscription would deliver every finish twice. Two runs subscribing at once get
 * Shopify's "already been taken" for the second, which is the same outcome.
 */
export async function ensureBulkFinishWebhook(
  domain: string,
  accessToken: string,
  callbackUrl: string,
  options?: ClientOptions,
): Promise<"existing" | "created"> {
  const listed = await graphql<{ webhookSubscriptions: { nodes: { id: string }[] } }>(
    domain,
    accessToken,
    LIST,
    { callbackUrl },
    options,
  );
  if (listed.webhookSubscriptions.nodes.length > 0) return "existing";
  const created = await graphql<{
    webhookSubscriptionCreate: { userErrors: { message: string }[] };
  }>(domain, accessToken, CREATE, { callbackUrl }, options);
  const errors = created.webhookSubscriptionCreate.userErrors;
  if (errors.length === 0) return "created";
  if (errors.every((e) => /already|taken/i.test(e.message))) return "existing";
  throw new ShopifyError(
    `Shopify の Webhook 登録に失敗しました: ${errors.map((e) => e.message).join(" / ")}`,
    "query",
  );
}

const FinishBody = z.object({
  admin_graphql_api_id: z.string().startsWith("gid://shopify/BulkOperation/"),
  status: z.string(),
  error_code: z.string().nullish(),
  completed_at: z.string().nullish(),
});

/** The operation a `bulk_operations/finish` body announces, or null when the body is not one. */
export function bulkFinishOf(rawBody: string): { operationId: string; status: string } | null {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const parsed = FinishBody.safeParse(body);
  return parsed.success
    ? { operationId: parsed.data.admin_graphql_api_id, status: parsed.data.status }
    : null;
}
