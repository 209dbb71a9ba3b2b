import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const root = resolve(import.meta.dirname, "../..");
const builtMarker = ".okuru-built";
const failedMarker = ".okuru-build-failed";

/** The browser's configuration for the test run's stand-ins (web/src/config.ts reads these). */
export type WebBuildEnv = {
  VITE_REGION: string;
  VITE_USER_POOL_ID: string;
  VITE_USER_POOL_CLIENT_ID: string;
  VITE_COGNITO_ENDPOINT: string;
  VITE_LOCAL_MAIL_URL: string;
};

/**
 * Starts a production build of the web app for the browser tests, in the background,
 * into a directory of its own, and returns at once: the build runs while the other
 * projects' files do, and `builtWeb` waits for it. Why a build and not the Vite dev
 * server: every page of the dev server loads hundreds of modules and React's
 * development build, and a fresh browser profile per test compiles them all again.
 * Two sign-ins with a settings page and its reload took Chromium 56 s of CPU on the
 * dev server and 27 s built (the build itself takes about 9 s, once). VITE_* values
 * are inlined at build time, hence one build per run, with the run's pool and endpoints.
 */
export function startWebBuild(env: WebBuildEnv) {
  const outDir = mkdtempSync(join(tmpdir(), "okuru-e2e-web-"));
  let output = "";
  const child: ChildProcess = spawn(
    process.execPath,
    [join(root, "node_modules/vite/bin/vite.js"), "build", "--outDir", outDir, "--logLevel", "warn"],
    // NODE_ENV as vitest sets it ("test") would bundle React's development build.
    { cwd: join(root, "web"), env: { ...process.env, ...env, NODE_ENV: "production" }, stdio: "pipe" },
  );
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  child.on("close", (code) => {
    if (!existsSync(outDir)) return;
    if (code === 0) writeFileSync(join(outDir, builtMarker), "");
    else writeFileSync(join(outDir, failedMarker), `vite build exited with ${code}:\n${output}`);
  });
  return {
    outDir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const closed = new Promise((done) => child.once("close", done));
        child.kill();
        await closed;
      }
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/** Waits for the build `startWebBuild` began (in the main process) and returns its directory. */
export async function builtWeb(outDir: string) {
  for (;;) {
    if (existsSync(join(outDir, builtMarker))) return outDir;
    if (existsSync(join(outDir, failedMarker))) {
      throw new Error(readFileSync(join(outDir, failedMarker), "utf8"));
    }
    if (!existsSync(outDir)) throw new Error(`The web build's directory ${outDir} is gone (run ended?)`);
    await sleep(200);
  }
}
