import { fileURLToPath } from "node:url";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import postcssPresetMantine from "postcss-preset-mantine";
import { defineConfig, type Plugin } from "vite";
import { japanPhoneMetadata } from "./scripts/japan-phone-metadata";
import { preloadAppChunk } from "./scripts/preload-app-chunk";
import { screenChunks } from "./scripts/screen-chunks";

// The dev runner starts Vite programmatically from the repository root, so every
// path is resolved from this file, never from the working directory.
const webDir = fileURLToPath(new URL(".", import.meta.url));
const apiUrl = process.env.OKURU_API_URL ?? "http://127.0.0.1:3001";
const webPort = Number(process.env.OKURU_WEB_PORT ?? 5173);
const proxy = {
  "/api": { target: apiUrl, changeOrigin: true },
  // Local only: the dev runner serves the mail stand-in (verification codes) next to the API.
  "/_local": { target: apiUrl, changeOrigin: true },
};

/**
 * Gives the Mantine modules `importer` matches `replacement` (in src/lib) for `source`: where
 * they take one small thing from a large package that the first screens need nothing else of.
 */
function takeInstead(name: string, source: string, importer: RegExp, replacement: string): Plugin {
  return {
    name: `okuru:${name}`,
    enforce: "pre",
    resolveId(imported, by) {
      return imported === source && by && importer.test(by) ? `${webDir}src/lib/${replacement}` : null;
    },
  };
}

/**
 * Mantine's ScrollArea (under every Table) takes one small hook, `useMergeRefs`, from
 * @floating-ui/react, a single module that also holds the positioning of every popover,
 * menu and select: about 14 KB gzip that the order list's first screen draws nothing with.
 * It gets the same hook from src/lib/merge-refs.ts instead; the popovers keep floating-ui.
 */
const scrollAreaMergeRefs = takeInstead(
  "scroll-area-merge-refs",
  "@floating-ui/react",
  /@mantine[\\/]core[\\/].*[\\/]ScrollArea[\\/]ScrollArea\.mjs$/,
  "merge-refs.ts",
);

/**
 * Mantine's AppShell takes only `RemoveScroll.classNames` from react-remove-scroll (about
 * 3.5 KB gzip under every signed-in page); it gets them from
 * src/lib/remove-scroll-class-names.ts instead, and the scroll lock comes with the dialogs.
 */
const appShellScrollClassNames = takeInstead(
  "app-shell-scroll-class-names",
  "react-remove-scroll",
  /@mantine[\\/]core[\\/].*[\\/]AppShell[\\/]/,
  "remove-scroll-class-names.ts",
);

const frameworkModules = /node_modules[\\/](@tanstack|react|react-dom|scheduler|clsx|tslib|@babel)[\\/]/;
const screens = screenChunks(`${webDir}src/app.tsx`, `${webDir}src/main.tsx`);

// VITE_* values are read and validated at run time in the browser (src/config.ts),
// so a build without them still succeeds.
export default defineConfig({
  root: webDir,
  plugins: [
    // Must come before react(): it generates src/routeTree.gen.ts and splits route chunks.
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: `${webDir}src/routes`,
      generatedRouteTree: `${webDir}src/routeTree.gen.ts`,
      quoteStyle: "double",
    }),
    react(),
    scrollAreaMergeRefs,
    appShellScrollClassNames,
    japanPhoneMetadata(),
    preloadAppChunk(),
    { name: "okuru:screen-chunks", apply: "build", buildStart: () => screens.reset() },
  ],
  // Inline rather than postcss.config.cjs, so it applies whatever the working directory.
  // No postcss-simple-vars: biome's CSS parser rejects `$mantine-breakpoint-*`, so CSS
  // modules write breakpoints in em (xs 36em, sm 48em, as Mantine defines them).
  css: { postcss: { plugins: [postcssPresetMantine()] } },
  server: { port: webPort, strictPort: true, proxy },
  preview: { port: webPort, strictPort: true, proxy },
  build: {
    outDir: `${webDir}dist`,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Every screen needs React and the router, and they change less often than the app.
            { name: "framework", test: frameworkModules, priority: 2 },
            {
              name: (id, ctx) => screens.name(id, ctx),
              debugName: "screens",
              priority: 1,
              // The analysis has placed each module itself; following imports from a
              // package index would pull every component of Mantine into the first group.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
