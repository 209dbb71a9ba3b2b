import type { Plugin } from "vite";

/**
 * Lists the app's chunk (src/app.tsx, which src/main.tsx imports dynamically so that a
 * configuration error becomes a readable page) and the chunks it imports as
 * modulepreload links in index.html. Without them the browser learnt of the app only
 * once main.js had arrived and run: one more round trip before the first screen. Its
 * stylesheets are linked as well (Vite's loader sees them there and does not add them again).
 */
export function preloadAppChunk(): Plugin {
  return {
    name: "okuru:preload-app-chunk",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((output) => output.type === "chunk");
        const app = chunks.find((chunk) => chunk.facadeModuleId?.endsWith("/src/app.tsx"));
        if (!app) throw new Error("preloadAppChunk: the build has no chunk for src/app.tsx");
        const entries = new Set(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
        const scripts = [app.fileName, ...app.imports].filter((file) => !entries.has(file));
        // The app's stylesheets may sit with the chunks it imports (web/scripts/screen-chunks.ts).
        const styles = [app, ...app.imports.map((file) => bundle[file])].flatMap((chunk) =>
          chunk?.type === "chunk" ? [...(chunk.viteMetadata?.importedCss ?? [])] : [],
        );
        return [
          ...styles.map((file) => ({
            tag: "link",
            attrs: { rel: "stylesheet", crossorigin: true, href: `/${file}` },
            injectTo: "head" as const,
          })),
          ...scripts.map((file) => ({
            tag: "link",
            attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` },
            injectTo: "head" as const,
          })),
        ];
      },
    },
  };
}
