import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import type { FunctionProps } from "sst/constructs";

/** A plugin for the esbuild that SST bundles functions with (its own pinned version). */
export type EsbuildPlugin = NonNullable<
  NonNullable<NonNullable<FunctionProps["nodejs"]>["esbuild"]>["plugins"]
>[number];

/** `new URL("./name", import.meta.url)`: how our modules name a data file beside them. */
const FILE_BESIDE_MODULE = /new URL\(\s*"(\.\/[^"]+)"\s*,\s*import\.meta\.url\s*\)/g;
const NAMESPACE = "module-file";
const SUFFIX = `?${NAMESPACE}`;

/**
 * Data files our modules read at run time (the postal index) travel with the bundle as files, not
 * as code: esbuild's file loader copies each one next to the bundled handler under a content hash,
 * and the module's URL is pointed at that copy. Run from source (tests, scripts), the same URL finds
 * the file beside the module, so the code is identical in both. esbuild cannot do this on its own:
 * it leaves `new URL(…, import.meta.url)` alone, and the bundle's URL is the handler's, not the module's.
 */
export const moduleFiles: EsbuildPlugin = {
  name: "module-files",
  setup(build) {
    build.onLoad({ filter: /[\\/](core|functions)[\\/]src[\\/].+\.ts$/ }, async ({ path }) => {
      const source = await readFile(path, "utf8");
      const files: string[] = [];
      const contents = source.replace(FILE_BESIDE_MODULE, (_url, file: string) => {
        files.push(file);
        return `new URL(moduleFile${files.length - 1}, import.meta.url)`;
      });
      // Anything else is loaded by esbuild as usual.
      if (files.length === 0) return undefined;
      const imports = files.map((file, n) => `import moduleFile${n} from ${JSON.stringify(file + SUFFIX)};`);
      // Appended, as imports are hoisted anyway: the module's own lines keep their numbers in source maps.
      return { contents: `${contents}\n${imports.join("\n")}\n`, loader: "ts", resolveDir: dirname(path) };
    });
    build.onResolve({ filter: /\?module-file$/ }, ({ path, resolveDir }) => ({
      path: resolve(resolveDir, path.slice(0, -SUFFIX.length)),
      namespace: NAMESPACE,
    }));
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async ({ path }) => ({
      contents: await readFile(path),
      loader: "file",
    }));
  },
};
