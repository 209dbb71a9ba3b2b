import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testAccount } from "../support/account";
import { bundleFunction, type FunctionBundle } from "../support/function-bundle";

/*
 * The API function as a deploy packages it (SST's builder, the app's function defaults), run in a
 * child process from a directory with no node_modules above it, as in Lambda: whatever the code still
 * reads from a package at run time is missing there, as it would be in AWS.
 */

/** What the deployed package may weigh: the handler module without its source map. */
const BUNDLE_BUDGET_BYTES = 4_500_000;

const out = mkdtempSync(join(tmpdir(), "okuru-api-bundle-"));
let bundle: FunctionBundle;

beforeAll(async () => {
  bundle = await bundleFunction("functions/src/api/lambda.handler", out);
}, 120_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Calls the bundled handler with an HTTP API event, in a fresh Node process, and answers its response. */
async function invokeBundle(path: string, query: string, token: string) {
  const event = {
    version: "2.0",
    routeKey: "ANY /api/{proxy+}",
    rawPath: path,
    rawQueryString: query,
    headers: { host: "api.example.com", authorization: `Bearer ${token}` },
    requestContext: {
      http: { method: "GET", path, protocol: "HTTP/1.1", sourceIp: "203.0.113.1", userAgent: "vitest" },
      requestId: "bundle-test",
      routeKey: "ANY /api/{proxy+}",
      stage: "$default",
      timeEpoch: Date.now(),
    },
    isBase64Encoded: false,
  };
  const script = [
    `const { handler } = await import(${JSON.stringify(bundle.file)});`,
    `const response = await handler(${JSON.stringify(event)}, { awsRequestId: "bundle-test" });`,
    "process.stdout.write(JSON.stringify(response));",
  ].join("\n");
  const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script], {
    cwd: out,
    env: process.env,
  });
  const response = JSON.parse(stdout) as { statusCode: number; body: string };
  return { status: response.statusCode, json: JSON.parse(response.body) };
}

describe("the deployed API bundle", () => {
  it("looks up business (事業所) and ordinary postal codes without the packages' data files", async () => {
    const account = await testAccount();
    const business = await invokeBundle("/api/geocoding", "address_postcode=060-8588", account.idToken);
    expect(business.status).toBe(200);
    expect(business.json.addresses).toEqual([
      expect.objectContaining({
        prefecture: "北海道",
        city: "札幌市中央区",
        town: "北三条西６丁目",
        office: "北海道庁",
        city_code: "01101",
      }),
    ]);
    const ordinary = await invokeBundle("/api/geocoding", "address_postcode=100-0001", account.idToken);
    expect(ordinary.status).toBe(200);
    expect(ordinary.json.addresses).toEqual([
      expect.objectContaining({ prefecture: "東京都", city: "千代田区", town: "千代田", office: "" }),
    ]);
  });

  it(`stays within ${BUNDLE_BUDGET_BYTES / 1e6} MB`, () => {
    console.log(`API bundle: ${bundle.bytes} bytes (package without source maps: ${bundle.packageBytes})`);
    expect(bundle.bytes).toBeLessThan(BUNDLE_BUDGET_BYTES);
  });
});
