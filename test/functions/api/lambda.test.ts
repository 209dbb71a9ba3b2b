import type { LambdaContext, LambdaEvent } from "hono/aws-lambda";
import { describe, expect, it } from "vitest";
import { handler } from "../../../functions/src/api/lambda";
import { testAccount } from "../../support/account";

function httpApiEvent(path: string, headers: Record<string, string> = {}): LambdaEvent {
  return {
    version: "2.0",
    routeKey: "ANY /api/{proxy+}",
    rawPath: path,
    rawQueryString: "",
    headers: { host: "api.example.com", ...headers },
    requestContext: {
      accountId: "123456789012",
      apiId: "api",
      domainName: "api.example.com",
      domainPrefix: "api",
      http: { method: "GET", path, protocol: "HTTP/1.1", sourceIp: "203.0.113.1", userAgent: "vitest" },
      requestId: "lambda-request-1",
      routeKey: "ANY /api/{proxy+}",
      stage: "$default",
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
      authentication: null,
      authorizer: {},
    },
    isBase64Encoded: false,
  } as unknown as LambdaEvent;
}

const context = { awsRequestId: "aws-req-42" } as LambdaContext;

describe("Lambda entry (hono/aws-lambda)", () => {
  it("serves the same app: health is public", async () => {
    const res = await handler(httpApiEvent("/api/health"), context);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ status: "ok" });
    expect(res.headers?.["x-request-id"]).toBe("aws-req-42");
  });

  it("verifies the token itself behind API Gateway too", async () => {
    expect((await handler(httpApiEvent("/api/companies"), context)).statusCode).toBe(401);
    const account = await testAccount();
    const res = await handler(
      httpApiEvent("/api/companies", { authorization: `Bearer ${account.idToken}` }),
      context,
    );
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).id).toBe(account.tenantId);
  });
});
