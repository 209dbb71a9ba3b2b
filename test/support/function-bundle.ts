import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { FunctionProps } from "sst/constructs";
import { initProject } from "sst/project.js";
import { useNodeHandler } from "sst/runtime/handlers/node.js";
import { functionDefaults } from "../../stacks/function-defaults";

export type FunctionBundle = {
  /** The bundled handler module, e.g. `<out>/functions/src/api/lambda.mjs`. */
  file: string;
  /** Bytes of the handler module. */
  bytes: number;
  /** Bytes of everything the function's package holds except source maps (which Lambda does not load). */
  packageBytes: number;
};

/**
 * Bundles one handler with SST's own Node.js builder (its pinned esbuild, its banner, its options)
 * and the app's default function props, into `out` instead of .sst/artifacts, so a test or bench
 * does not share a directory with a synthesis running beside it.
 */
export async function bundleFunction(
  handler: string,
  out: string,
  nodejs: FunctionProps["nodejs"] = functionDefaults.nodejs,
): Promise<FunctionBundle> {
  await initProject({ stage: "test" });
  const built = await useNodeHandler().build({
    functionID: `bundle-${handler}`,
    mode: "deploy",
    out,
    props: { ...functionDefaults, handler, nodejs },
  });
  if (!built || built.type === "error") {
    throw new Error(`bundling ${handler} failed: ${built ? built.errors.join("\n") : "no Node.js builder"}`);
  }
  const file = join(out, `${built.handler.slice(0, built.handler.lastIndexOf("."))}.mjs`);
  const files = readdirSync(out, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  const packageBytes = files
    .filter((entry) => !entry.name.endsWith(".map"))
    .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0);
  return { file, bytes: statSync(file).size, packageBytes };
}
