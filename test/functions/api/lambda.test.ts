import { gunzipSync } from "node:zlib";
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

  it("gzips a large answer for a client that asks, base64-encoded as API Gateway expects", async () => {
    const plain = await handler(httpApiEvent("/api/openapi.json"), context);
    expect(plain.headers?.["content-encoding"]).toBeUndefined();
    expect(plain.isBase64Encoded).toBe(false);
    const document = JSON.parse(plain.body);
    expect(document.openapi).toMatch(/^3\./);

    const gzipped = await handler(
      httpApiEvent("/api/openapi.json", { "accept-encoding": "gzip, deflate, br" }),
      context,
    );
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers?.["content-encoding"]).toBe("gzip");
    expect(gzipped.isBase64Encoded).toBe(true);
    const body = gunzipSync(Buffer.from(gzipped.body, "base64"));
    expect(JSON.parse(body.toString("utf8"))).toEqual(document);
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 3);
    // The headers every answer carries survive the compression.
    expect(gzipped.headers?.["cache-control"]).toBe("no-store");
    expect(gzipped.headers?.["x-request-id"]).toBe("aws-req-42");
  });
});
