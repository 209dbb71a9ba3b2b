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
  minify: true,
  // Japanese text (messages, prefecture names) stays UTF-8 instead of \u escapes: a smaller file.
  // The plugins keep data out of the code and dependencies' unused parts out of the bundle (see each).
  esbuild: { charset: "utf8", plugins: [moduleFiles, dependencyTrims] },
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
