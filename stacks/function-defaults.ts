import type { FunctionProps } from "sst/constructs";
import { dependencyTrims } from "./dependency-trims";
import { moduleFiles } from "./module-files";

/**
 * How every function is built and run. Shared by sst.config.ts and the tests that bundle a handler
 * exactly as a deploy does, so what they prove holds for what is deployed.
 */
export const nodejsBundling = {
  // No banner of our own: SST's ESM banner already defines `require` and `__dirname` for CommonJS
  // dependencies, and defining them again makes the bundle a SyntaxError at import.
  format: "esm",
  // Code a handler loads on demand (the API's route groups) goes into chunks beside it, which
  // Node reads and compiles only when a request first needs them, not at every cold start.
  splitting: true,
  minify: true,
  // Japanese text (messages, prefecture names) stays UTF-8 instead of \u escapes: a smaller file.
  // The plugins keep data out of the code and dependencies' unused parts out of the bundle (see each).
  // SST turns esbuild's keepNames on, which wraps every function and class of the bundle in a call that
  // pins its name (80 kB, and work at import): nothing of ours or of the dependencies we checked reads
  // a minified function's name (errors carry explicit names and codes), and stack traces map through
  // the source map.
  esbuild: { charset: "utf8", keepNames: false, plugins: [moduleFiles, dependencyTrims] },
} satisfies FunctionProps["nodejs"];

export const functionDefaults = {
  // Lambda retired nodejs20.x in 2026; the code is plain Node 20+ and runs unchanged on 22.
  runtime: "nodejs22.x",
  architecture: "arm_64",
  timeout: 30,
  memorySize: "1024 MB",
  tracing: "disabled",
  nodejs: nodejsBundling,
} satisfies FunctionProps;
