import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import type { FunctionProps } from "sst/constructs";
import { initProject } from "sst/project.js";
import { useNodeHandler } from "sst/runtime/handlers/node.js";
import { functionDefaults } from "../../stacks/function-defaults";

export type FunctionBundle = {
  /** The bundled handler module, e.g. `<out>/functions/src/api/lambda.mjs`. */
  file: string;
  /** Bytes of all the function's code: the handler module and every chunk beside it. */
  bytes: number;
  /**
   * Bytes of the code a cold start reads and compiles before the handler runs: the handler module
   * and the chunks it imports statically (a chunk imported with `import()` is read when first needed).
   */
  coldBytes: number;
  /** Bytes of everything the function's package holds except source maps (which Lambda does not load). */
  packageBytes: number;
  /**
   * Every module esbuild read to build the handler (its metafile's inputs), as paths from the repository
   * root, e.g. `core/src/actor.ts` or `node_modules/hono/dist/hono.js`. Tree-shaking does not remove a
   * module from this list, so it answers what the bundle could hold, not only what survived minifying.
   */
  inputs: string[];
};

type EsbuildPlugin = NonNullable<
  NonNullable<NonNullable<FunctionProps["nodejs"]>["esbuild"]>["plugins"]
>[number];

const repositoryRoot = resolve(import.meta.dirname, "../..");

/**
 * SST builds with a metafile but keeps it to itself in a deploy build; this plugin only reads it
 * when the build ends, so the bundle is the one a deploy makes.
 */
function metafileInputs(into: string[]): EsbuildPlugin {
  return {
    name: "metafile-inputs",
    setup(build) {
      const workingDirectory = build.initialOptions.absWorkingDir ?? process.cwd();
      build.onEnd((result) => {
        for (const input of Object.keys(result.metafile?.inputs ?? {})) {
          // Modules a plugin loads in a namespace of its own (`module-file:…`) are keyed by that namespace.
          const namespaced = /^[a-z][\w-]+:/.test(input);
          into.push(namespaced ? input : relative(repositoryRoot, resolve(workingDirectory, input)));
        }
      });
    },
  };
}

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
  const inputs: string[] = [];
  const esbuild = {
    ...nodejs?.esbuild,
    plugins: [...(nodejs?.esbuild?.plugins ?? []), metafileInputs(inputs)],
  };
  const built = await useNodeHandler().build({
    functionID: `bundle-${handler}`,
    mode: "deploy",
    out,
    props: { ...functionDefaults, handler, nodejs: { ...nodejs, esbuild } },
  });
  if (!built || built.type === "error") {
    throw new Error(`bundling ${handler} failed: ${built ? built.errors.join("\n") : "no Node.js builder"}`);
  }
  const file = join(out, `${built.handler.slice(0, built.handler.lastIndexOf("."))}.mjs`);
  const files = readdirSync(out, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  const sizeOf = (entry: (typeof files)[number]) => statSync(join(entry.parentPath, entry.name)).size;
  const sum = (entries: typeof files) => entries.reduce((total, entry) => total + sizeOf(entry), 0);
  return {
    file,
    bytes: sum(files.filter((entry) => entry.name.endsWith(".mjs"))),
    coldBytes: staticallyImported(file).reduce((total, module) => total + statSync(module).size, 0),
    packageBytes: sum(files.filter((entry) => !entry.name.endsWith(".map"))),
    inputs,
  };
}

/** `file` and every module it imports statically, directly or not (relative specifiers: the chunks). */
function staticallyImported(file: string): string[] {
  const found = new Set<string>();
  const pending = [file];
  while (pending.length > 0) {
    const module = pending.pop()!;
    if (found.has(module)) continue;
    found.add(module);
    // esbuild writes a chunk's static imports as `import…from"./chunk.mjs"` (or a bare
    // `import"./chunk.mjs"`); a dynamic one is `import("./chunk.mjs")`, which this leaves out.
    for (const [, specifier] of readFileSync(module, "utf8").matchAll(
      /\b(?:import|export)\s*(?:[\w${}*,\s]+?\s*from\s*)?"(\.{1,2}\/[^"]+)"/g,
    )) {
      pending.push(resolve(dirname(module), specifier!));
    }
  }
  return [...found];
}
