/**
 * The API function as deployed: bundled by SST's builder with the app's function defaults, then
 * imported cold, in a fresh Node process per run, from a directory with no node_modules above it
 * (as in Lambda). Prints the median of the runs; the last line is JSON.
 *
 *   npx tsx bench/api-bundle.ts [runs]
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bundleFunction } from "../test/support/function-bundle";

const runs = Number(process.argv[2] ?? 7);
const out = mkdtempSync(join(tmpdir(), "okuru-api-bundle-"));
try {
  const bundle = await bundleFunction("functions/src/api/lambda.handler", out);
  // CPU time is printed beside wall time: on a shared machine the wall time mostly measures the neighbours.
  const importOnce = [
    "const cpu = process.cpuUsage(); const t = performance.now();",
    `await import(${JSON.stringify(bundle.file)});`,
    "const { user, system } = process.cpuUsage(cpu);",
    "console.log(JSON.stringify([performance.now() - t, (user + system) / 1000]));",
  ].join("\n");
  const samples = Array.from({ length: runs }, () => {
    const printed = execFileSync(process.execPath, ["--input-type=module", "-e", importOnce], {
      cwd: out,
      encoding: "utf8",
    });
    return JSON.parse(printed.trim().split("\n").pop()!) as [number, number];
  });
  console.log(
    `runs (wall ms, cpu ms): ${samples.map(([w, c]) => `${w.toFixed(0)}/${c.toFixed(0)}`).join(", ")}`,
  );
  console.log(
    JSON.stringify({
      bundle_bytes: bundle.bytes,
      package_bytes: bundle.packageBytes,
      cold_import_ms: Math.round(median(samples.map(([wall]) => wall))),
      cold_import_cpu_ms: Math.round(median(samples.map(([, cpu]) => cpu))),
    }),
  );
} finally {
  rmSync(out, { recursive: true, force: true });
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}
