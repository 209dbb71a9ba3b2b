/**
 * The API function as deployed: bundled by SST's builder with the app's function defaults, then
 * imported cold, in a fresh Node process per run, from a directory with no node_modules above it
 * (as in Lambda). Prints the median of the runs; the last line is JSON:
 * - bundle_bytes: all the function's code; cold_bytes: what the cold import reads and compiles
 *   (the handler module and the chunks it imports statically); package_bytes: with the data files;
 * - cold_import_ms / cold_import_cpu_ms: importing the handler module;
 * - first_answer_ms / first_answer_cpu_ms: the import and then a first request (GET /api/orders
 *   without a token, answered 401 after the order routes' group was loaded), the part of a cold
 *   start that is ours before any DynamoDB read.
 *
 *   npx tsx bench/api-bundle.ts [runs]
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bundleFunction } from "../test/support/function-bundle";

const runs = Number(process.argv[2] ?? 7);
/** API Gateway's event for `GET /api/orders` with no Authorization header. */
const unauthenticatedOrderList = {
  version: "2.0",
  routeKey: "ANY /api/{proxy+}",
  rawPath: "/api/orders",
  rawQueryString: "",
  headers: { host: "api.example.com" },
  requestContext: {
    http: {
      method: "GET",
      path: "/api/orders",
      protocol: "HTTP/1.1",
      sourceIp: "203.0.113.1",
      userAgent: "bench",
    },
    requestId: "bench",
    routeKey: "ANY /api/{proxy+}",
    stage: "$default",
    timeEpoch: 0,
  },
  isBase64Encoded: false,
};
const out = mkdtempSync(join(tmpdir(), "okuru-api-bundle-"));
try {
  const bundle = await bundleFunction("functions/src/api/lambda.handler", out);
  // CPU time is printed beside wall time: on a shared machine the wall time mostly measures the neighbours.
  const importOnce = [
    "const cpu = process.cpuUsage(); const t = performance.now();",
    "const elapsed = () => [performance.now() - t, (({ user, system }) => (user + system) / 1000)(process.cpuUsage(cpu))];",
    `const { handler } = await import(${JSON.stringify(bundle.file)});`,
    "const imported = elapsed();",
    `const answer = await handler(${JSON.stringify(unauthenticatedOrderList)}, { awsRequestId: "bench" });`,
    'if (answer.statusCode !== 401) throw new Error("expected 401, got " + answer.statusCode);',
    "console.log(JSON.stringify([...imported, ...elapsed()]));",
  ].join("\n");
  const samples = Array.from({ length: runs }, () => {
    const printed = execFileSync(process.execPath, ["--input-type=module", "-e", importOnce], {
      cwd: out,
      encoding: "utf8",
    });
    return JSON.parse(printed.trim().split("\n").pop()!) as [number, number, number, number];
  });
  console.log(
    `runs (import wall/cpu ms, first answer wall/cpu ms): ${samples
      .map((sample) => sample.map((ms) => ms.toFixed(0)).join("/"))
      .join(", ")}`,
  );
  const medianOf = (index: number) => Math.round(median(samples.map((sample) => sample[index]!)));
  console.log(
    JSON.stringify({
      bundle_bytes: bundle.bytes,
      cold_bytes: bundle.coldBytes,
      package_bytes: bundle.packageBytes,
      cold_import_ms: medianOf(0),
      cold_import_cpu_ms: medianOf(1),
      first_answer_ms: medianOf(2),
      first_answer_cpu_ms: medianOf(3),
    }),
  );
} finally {
  rmSync(out, { recursive: true, force: true });
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}
