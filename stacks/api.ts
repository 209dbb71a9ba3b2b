import { Api as HttpApi, Function as LambdaFunction, type StackContext, use } from "sst/constructs";
import { publicRoutes } from "../functions/src/api/public-routes";
import { Auth } from "./auth";
import { Queues } from "./queues";
import { Storage } from "./storage";

/**
 * Requests per second over all routes, for the whole API (API Gateway's stage throttle): far above
 * what merchants and integrations send together (each credential is held to 600 a minute by the
 * API itself), low enough that a flood is refused by the gateway rather than run by Lambda.
 */
export const API_THROTTLE = { rate: 500, burst: 1000 } as const;

export function Api({ stack }: StackContext) {
  const storage = use(Storage);
  const { auth } = use(Auth);
  const { orderSyncQueue, labelJobQueue, trackingUploadQueue, exportJobQueue, webhookDeliveryQueue } =
    use(Queues);

  // One Hono app serves every route, so every route shares one function (and its warm instances).
  const handler = new LambdaFunction(stack, "ApiHandler", {
    handler: "functions/src/api/lambda.handler",
    bind: [
      storage.bucket,
      orderSyncQueue,
      labelJobQueue,
      trackingUploadQueue,
      exportJobQueue,
      // Webhooks out: a cancel, a shop's webhook order or an edit that puts an order in the エラー tab.
      webhookDeliveryQueue,
      // Shop connection (OAuth), webhook HMACs and token refresh; the URL for OAuth returns and webhooks.
      ...storage.secrets.shopifyApp,
      storage.secrets.appUrl,
    ],
    prefetchSecrets: true,
    environment: {
      OKURU_USER_POOL_ID: auth.userPoolId,
      OKURU_USER_POOL_CLIENT_ID: auth.userPoolClientId,
    },
  });
  storage.bindTable(handler);

  // No route has a gateway authorizer. The same /api routes take two kinds of bearer token: Cognito
  // ID tokens (the web) and API連携 access tokens (opaque `okt_…` from POST /api/oauth_token, checked
  // against DynamoDB on every call so a revocation is immediate), and API Gateway's JWT authorizer
  // would refuse the second before the Lambda. A Lambda REQUEST authorizer accepting both would
  // repeat what the API function already does in-process on every request (functions/src/api/auth.ts:
  // signature, issuer, audience, expiry; token, credential and feature switch), for a second cold
  // start and a second bill. The public routes stay listed to keep them visible here. The stage
  // throttle bounds what a flood of bad tokens costs before each reaches the function.
  const unauthenticated = { function: handler, authorizer: "none" } as const;

  const api = new HttpApi(stack, "Api", {
    defaults: { authorizer: "none", throttle: API_THROTTLE },
    // The site reaches the API through its own CloudFront distribution (same origin, see web.ts), and
    // webhooks and the public API are server-to-server, so no browser needs cross-origin access.
    cors: false,
    routes: {
      ...Object.fromEntries(publicRoutes.map(({ method, path }) => [`${method} ${path}`, unauthenticated])),
      "ANY /api/{proxy+}": unauthenticated,
    },
  });

  return { api };
}
