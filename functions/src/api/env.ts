import type { Logger } from "@aws-lambda-powertools/logger";
import type { ApiGatewayRequestContextV2, LambdaContext, LambdaEvent } from "hono/aws-lambda";

/** On Lambda, hono/aws-lambda passes the event and context as bindings; locally they are absent. */
export type AppEnv = {
  Bindings: Partial<{
    event: LambdaEvent;
    requestContext: ApiGatewayRequestContextV2;
    lambdaContext: LambdaContext;
  }>;
  Variables: { requestId: string; logger: Logger };
};
