import type { IncomingMessage } from "node:http";
import type { Logger } from "@aws-lambda-powertools/logger";
import type { ApiGatewayRequestContextV2, LambdaContext, LambdaEvent } from "hono/aws-lambda";

/**
 * On Lambda, hono/aws-lambda passes the event and context as bindings; locally
 * @hono/node-server passes the Node request (`incoming`, whose socket gives the caller's
 * address) instead.
 */
export type AppEnv = {
  Bindings: Partial<{
    event: LambdaEvent;
    requestContext: ApiGatewayRequestContextV2;
    lambdaContext: LambdaContext;
    incoming: IncomingMessage;
  }>;
  Variables: { requestId: string; logger: Logger };
};
