import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { promisify } from "node:util";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testAccount } from "../support/account";
import { callApi } from "../support/api";
import { bundleFunction, type FunctionBundle } from "../support/function-bundle";
import { senderFixture } from "../support/senders";

/*
 * The API function as a deploy packages it (SST's builder, the app's function defaults), run in a
 * child process from a directory with no node_modules above it, as in Lambda: whatever the code still
 * reads from a package at run time is missing there, as it would be in AWS.
 */

/**
 * What all the function's code may weigh. The public API (about 75 KB of our own code) took it
 * to 1.55 MB; S3 reached by signed fetches instead of the SDK's S3 client brought it to 1.38 MB;
 * route groups in chunks of their own add 67 KB of imports and exports between the chunks.
 */
const BUNDLE_BUDGET_BYTES = 1_500_000;
/**
 * What a cold start may read and compile before the handler runs: the handler module and the
 * chunks it imports statically (authentication, DynamoDB, zod), not the route groups. It was
 * the whole 1.39 MB before the groups were loaded on demand; it is 0.97 MB.
 */
const COLD_BUDGET_BYTES = 1_050_000;
/** What the deployed package may weigh without source maps: the code and the data files beside it. */
const PACKAGE_BUDGET_BYTES = 2_600_000;

const root = resolve(import.meta.dirname, "../..");
const apiHandler = "functions/src/api/lambda.handler";

const out = mkdtempSync(join(tmpdir(), "okuru-api-bundle-"));
let bundle: FunctionBundle;

beforeAll(async () => {
  bundle = await bundleFunction(apiHandler, out);
}, 120_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Every handler the stacks deploy, as they name it: `functions/src/<path>.handler`. */
function deployedHandlers() {
  const stackSources = readdirSync(join(root, "stacks")).filter((name) => name.endsWith(".ts"));
  const handlers = stackSources.flatMap((name) =>
    [
      ...readFileSync(join(root, "stacks", name), "utf8").matchAll(/"(functions\/src\/[\w/-]+\.handler)"/g),
    ].map((match) => match[1]!),
  );
  return [...new Set(handlers)].sort();
}

function dependenciesOf(workspace: string) {
  const manifest = JSON.parse(readFileSync(join(root, workspace, "package.json"), "utf8"));
  return Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
}

/** Packages only the dev tooling depends on (the simulators' GraphQL, the stand-ins, Vite). */
function devOnlyPackages() {
  const deployed = new Set([...dependenciesOf("core"), ...dependenciesOf("functions")]);
  return dependenciesOf("dev").filter((name) => !name.startsWith("@okuru/") && !deployed.has(name));
}

/** `node_modules/@scope/name/dist/x.js` → `@scope/name`; the innermost package for nested installs. */
function packageOf(input: string) {
  return input.match(/.*node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
}

/** What a bundle was built from that belongs to the dev tooling: its own modules or its packages. */
function devInputs(inputs: string[]) {
  const devPackages = devOnlyPackages();
  return inputs.filter((input) => {
    const name = packageOf(input);
    return name ? devPackages.includes(name) || name === "@okuru/dev" : input.startsWith("dev/");
  });
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => join(directory, name));
}

/** Each import (static, dynamic or type-only) of a functions/src file that leads into dev/. */
function importsOfDev(file: string) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((specifier) =>
      specifier.startsWith(".")
        ? relative(root, resolve(dirname(file), specifier)).startsWith("dev/")
        : specifier === "@okuru/dev" || specifier.startsWith("@okuru/dev/"),
    )
    .map((specifier) => `${relative(root, file)} → ${specifier}`);
}

/** Calls the bundled handler with an HTTP API event, in a fresh Node process, and answers its response. */
async function invokeBundle(
  path: string,
  query: string,
  token: string,
  {
    method = "GET",
    body,
    headers = {},
  }: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const event = {
    version: "2.0",
    routeKey: "ANY /api/{proxy+}",
    rawPath: path,
    rawQueryString: query,
    headers: {
      host: "api.example.com",
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    requestContext: {
      http: { method, path, protocol: "HTTP/1.1", sourceIp: "203.0.113.1", userAgent: "vitest" },
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

  it("answers as the source does where the bundle trims dependencies (phone plans, Zod's messages, ElectroDB)", async () => {
    const account = await testAccount();
    const invalid = [
      { company_name: 5 }, // Zod's own message, in Japanese
      { phone: "+1 202-555-0123" }, // outside Japan's numbering plan
      { phone: "0201234567" }, // the right length, but no such Japanese number
    ];
    for (const overrides of invalid) {
      const body = { ...senderFixture(), ...overrides };
      const source = await callApi("/api/senders", { method: "POST", token: account.idToken, body });
      expect(source.status, JSON.stringify(overrides)).toBe(400);
      const bundled = await invokeBundle("/api/senders", "", account.idToken, { method: "POST", body });
      expect({ status: bundled.status, json: bundled.json }).toEqual({ status: 400, json: source.json });
    }
    const saved = await invokeBundle("/api/senders", "", account.idToken, {
      method: "POST",
      body: senderFixture({ phone: "0112314111" }),
    });
    expect(saved.status).toBe(201);
    expect(saved.json).toMatchObject({ phone: "011-231-4111", postal_code: "0608588" });
    // Four cold starts of the bundle, each in its own process.
  }, 120_000);

  it("keeps an Idempotency-Key's answer and refuses the key with another request, as the source does", async () => {
    const account = await testAccount();
    // The same request again, then the same key with another body: the idempotency record's key and payload check.
    const steps = [{}, {}, { shop_id: "shp_01JAAAAAAAAAAAAAAAAAAAAAAA" }];
    const answers = async (
      call: (body: unknown, key: string) => Promise<{ status: number }>,
      key: string,
    ) => {
      const statuses: number[] = [];
      for (const body of steps) statuses.push((await call(body, key)).status);
      return statuses;
    };
    const source = await answers(
      (body, key) =>
        callApi("/api/orders/sync", {
          method: "POST",
          token: account.idToken,
          body,
          headers: { "Idempotency-Key": key },
        }),
      `bundle-source-${process.pid}`,
    );
    const bundled = await answers(
      (body, key) =>
        invokeBundle("/api/orders/sync", "", account.idToken, {
          method: "POST",
          body,
          headers: { "idempotency-key": key },
        }),
      `bundle-bundled-${process.pid}`,
    );
    expect(source.slice(0, 2)).toEqual([202, 202]);
    expect(source[2]).toBeGreaterThanOrEqual(400);
    expect(bundled).toEqual(source);
  }, 120_000);

  it(`stays within ${BUNDLE_BUDGET_BYTES / 1e6} MB (${COLD_BUDGET_BYTES / 1e6} MB read at a cold start), ${PACKAGE_BUDGET_BYTES / 1e6} MB with its data files`, () => {
    console.log(
      `API bundle: ${bundle.bytes} bytes, ${bundle.coldBytes} at a cold start (package without source maps: ${bundle.packageBytes})`,
    );
    expect(bundle.bytes).toBeLessThan(BUNDLE_BUDGET_BYTES);
    expect(bundle.coldBytes).toBeLessThan(COLD_BUDGET_BYTES);
    expect(bundle.packageBytes).toBeLessThan(PACKAGE_BUDGET_BYTES);
  });

  it("holds no label renderer (the label-job consumer draws every PDF), no S3 client and no credential source but the environment", () => {
    const modules = bundle.inputs.join("\n");
    expect(modules).not.toMatch(/@aws-sdk\/(client-s3|s3-request-presigner)\//);
    expect(modules).not.toMatch(/core\/src\/carriers\/label\/|node_modules\/fontkit\//);
    expect(modules).not.toMatch(
      /@aws-sdk\/(nested-clients|credential-provider-(sso|ini|process|web-identity))\//,
    );
  });
});

describe("what a deploy packages", () => {
  it("finds every deployed function in the stacks", () => {
    expect(deployedHandlers()).toEqual([
      "functions/src/api/lambda.handler",
      "functions/src/cron/redrive.handler",
      "functions/src/cron/scheduled-sync.handler",
      "functions/src/queue/export-job.handler",
      "functions/src/queue/label-job.handler",
      "functions/src/queue/order-sync.handler",
      "functions/src/queue/tracking-upload.handler",
      "functions/src/queue/webhook-delivery.handler",
    ]);
  });

  it("builds the API, every queue consumer and every cron job without a module of dev/", async () => {
    expect(devOnlyPackages()).toContain("graphql");
    expect(bundle.inputs).toContain("functions/src/api/app.ts");
    const found: Record<string, string[]> = { [apiHandler]: devInputs(bundle.inputs) };
    for (const handler of deployedHandlers().filter((name) => name !== apiHandler)) {
      const handlerOut = mkdtempSync(join(tmpdir(), "okuru-function-bundle-"));
      try {
        // The app's default bundling: a consumer's own `install` list only keeps packages out of the bundle.
        found[handler] = devInputs((await bundleFunction(handler, handlerOut)).inputs);
      } finally {
        rmSync(handlerOut, { recursive: true, force: true });
      }
    }
    expect(found).toEqual(Object.fromEntries(deployedHandlers().map((handler) => [handler, []])));
  }, 300_000);

  it("has no import of dev/ anywhere in functions/src", () => {
    const files = sourceFiles(join(root, "functions/src"));
    expect(files.length).toBeGreaterThan(10);
    expect(files.flatMap(importsOfDev)).toEqual([]);
  });
});
