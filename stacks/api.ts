import { Api as HttpApi, Function as LambdaFunction, type StackContext, use } from "sst/constructs";
import { publicRoutes } from "../functions/src/api/public-routes";
import { Auth } from "./auth";
import { Queues } from "./queues";
import { Storage } from "./storage";

export function Api({ stack }: StackContext) {
  const storage = use(Storage);
  const { auth } = use(Auth);
  const { orderSyncQueue, labelJobQueue, trackingUploadQueue, exportJobQueue } = use(Queues);

  // One Hono app serves every route, so every route shares one function (and its warm instances).
  const handler = new LambdaFunction(stack, "ApiHandler", {
    handler: "functions/src/api/lambda.handler",
    bind: [
      storage.bucket,
      orderSyncQueue,
      labelJobQueue,
      trackingUploadQueue,
      exportJobQueue,
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

  // Health, the OpenAPI document, the client-credentials token endpoint, shop webhooks (HMAC) and the
  // public API (its own bearer tokens) carry no Cognito token; the Lambda authenticates them itself.
  const unauthenticated = { function: handler, authorizer: "none" } as const;

  const api = new HttpApi(stack, "Api", {
    authorizers: {
      jwt: {
        type: "user_pool",
        userPool: { id: auth.userPoolId, clientIds: [auth.userPoolClientId] },
      },
    },
    defaults: { authorizer: "jwt" },
    // The site reaches the API through its own CloudFront distribution (same origin, see web.ts), and
    // webhooks and the public API are server-to-server, so no browser needs cross-origin access.
    cors: false,
    routes: {
      ...Object.fromEntries(publicRoutes.map(({ method, path }) => [`${method} ${path}`, unauthenticated])),
      "ANY /api/{proxy+}": { function: handler },
    },
  });

  return { api };
}
