/**
 * Writes src/routeTree.gen.ts (git-ignored) without a build, so `tsc -p web` and the
 * web unit tests work on a fresh clone. Resolving the Vite config runs the TanStack
 * router plugin's configResolved hook, which generates the tree with exactly the
 * options `vite build` and `vite dev` use.
 *
 *     npx tsx web/scripts/generate-routes.ts
 */
import { fileURLToPath } from "node:url";
import { resolveConfig } from "vite";

const configFile = fileURLToPath(new URL("../vite.config.ts", import.meta.url));
await resolveConfig({ configFile, logLevel: "warn" }, "build", "production");
