#!/usr/bin/env node
/**
 * Type-checks each project named on the command line (`node dev/scripts/typecheck.mjs core web …`)
 * with its own tsconfig, two at a time, and fails if any of them fails.
 *
 * Why not one `tsc -p test`: the test project reaches most sources, but with the DOM
 * library and vitest's globals, so a Node file using `document` would pass there; each
 * project is checked under its own settings. Why two at a time: one tsc keeps one core
 * busy, and the machines this runs on have two or more. Why incremental: a second run
 * re-checks only what changed since the last one (the build info lives under
 * node_modules/.cache, never in the tree).
 */
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const tsc = join(root, "node_modules/typescript/bin/tsc");
const buildInfoDir = join(root, "node_modules/.cache/typecheck");
const projects = process.argv.slice(2);
const concurrency = Math.max(1, Math.min(2, availableParallelism()));

if (projects.length === 0) {
  console.error("usage: node dev/scripts/typecheck.mjs <project directory>…");
  process.exit(2);
}

/** Runs tsc for one project; resolves with its exit code and everything it printed. */
function check(project) {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(
      process.execPath,
      [
        tsc,
        "-p",
        project,
        "--incremental",
        "--tsBuildInfoFile",
        join(buildInfoDir, `${project.replaceAll(/[\\/]/g, "_")}.tsbuildinfo`),
        "--pretty",
      ],
      { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("close", (code) =>
      done({ project, code: code ?? 1, output, seconds: (Date.now() - started) / 1000 }),
    );
  });
}

const queue = [...projects];
const failed = [];
async function drain() {
  for (let project = queue.shift(); project !== undefined; project = queue.shift()) {
    const result = await check(project);
    // Printed whole when the project is done, so two projects' errors never interleave.
    const status = result.code === 0 ? "ok" : "FAILED";
    console.log(`tsc -p ${result.project}: ${status} (${result.seconds.toFixed(1)} s)`);
    if (result.output.trim()) console.log(result.output.trimEnd());
    if (result.code !== 0) failed.push(result.project);
  }
}
await Promise.all(Array.from({ length: concurrency }, drain));
if (failed.length > 0) {
  console.error(`Type errors in: ${failed.join(", ")}`);
  process.exit(1);
}
