import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { startThrowawayStack } from "../../dev/src/throwaway-stack";
import { startWebBuild } from "./web-build";

const root = resolve(import.meta.dirname, "../..");

declare module "vitest" {
  export interface ProvidedContext {
    env: Record<string, string>;
    cognitoDataDir: string;
    /** The e2e project's production build of the web app (test/support/web-build.ts). */
    webBuildDir: string;
  }
}

/** The system programs the browser and label tests run, with the Debian package of each. */
const systemTools = [
  { command: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", pkg: "chromium" },
  { command: "pdfinfo", pkg: "poppler-utils" },
  { command: "pdffonts", pkg: "poppler-utils" },
  { command: "pdftotext", pkg: "poppler-utils" },
  { command: "pdftoppm", pkg: "poppler-utils" },
  { command: "zbarimg", pkg: "zbar-tools" },
];

/**
 * Fails the run at once, in one message, when a program the tests need is missing,
 * rather than after minutes with dozens of `spawnSync … ENOENT` failures.
 */
function requireSystemTools() {
  const missing = systemTools.filter(
    ({ command }) =>
      (spawnSync(command, ["--version"]).error as NodeJS.ErrnoException | undefined)?.code === "ENOENT",
  );
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map((tool) => tool.pkg))].join(" ");
  throw new Error(
    `The tests need ${missing.map((tool) => tool.command).join(", ")}: apt-get install -y ${packages} (README, Prerequisites).`,
  );
}

type TestStack = { env: Record<string, string>; cognitoDataDir: string; stop: () => Promise<void> };
type WebBuild = ReturnType<typeof startWebBuild>;
const shared = globalThis as typeof globalThis & {
  okuruTestStack?: Promise<TestStack>;
  okuruWebBuild?: Promise<WebBuild>;
};

/**
 * Starts the stand-ins once per run, on ports the OS hands out (so tests pass while
 * `npm start` is running), in a throw-away data directory, and creates the table,
 * pool, queues and bucket. Every project inherits this global setup (`extends: true`)
 * and vitest runs each project's in its main process: the first to ask starts the
 * stack, the others share it (one DynamoDB Local and one cognito-local per run, not
 * one per project), and the root project stops it. Workers receive the environment
 * through `provide`.
 */
function testStack(): Promise<TestStack> {
  shared.okuruTestStack ??= (async () => {
    requireSystemTools();
    // The global setup runs in vitest's main process, which `test.env` does not reach.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";
    // The web tests import the generated route tree; a fresh clone has none yet.
    if (!existsSync(join(root, "web/src/routeTree.gen.ts"))) {
      execFileSync(process.execPath, [
        join(root, "node_modules/tsx/dist/cli.mjs"),
        join(root, "web/scripts/generate-routes.ts"),
      ]);
    }
    const { standIns, resources, stop } = await startThrowawayStack("test");
    const env = { ...resources.env, POWERTOOLS_LOG_LEVEL: "SILENT" };
    Object.assign(process.env, env);
    const { ensureTable } = await import("@okuru/core/db/client");
    await ensureTable();
    return { env, cognitoDataDir: standIns.cognitoDataDir, stop };
  })();
  return shared.okuruTestStack;
}

/** Starts the web build once per run, for the browser tests, with the stand-ins' pool and endpoints. */
function webBuild(): Promise<WebBuild> {
  shared.okuruWebBuild ??= (async () => {
    const { coreConfig } = await import("@okuru/core/config");
    const { cognito, endpoints } = coreConfig();
    return startWebBuild({
      VITE_REGION: "ap-northeast-1",
      VITE_USER_POOL_ID: cognito.userPoolId,
      VITE_USER_POOL_CLIENT_ID: cognito.clientId,
      VITE_COGNITO_ENDPOINT: endpoints.cognito!,
      VITE_LOCAL_MAIL_URL: "/_local/mail",
    });
  })();
  return shared.okuruWebBuild;
}

export default async function setup(project: TestProject) {
  const stack = await testStack();
  project.provide("env", stack.env);
  project.provide("cognitoDataDir", stack.cognitoDataDir);
  if (project.name === "e2e") project.provide("webBuildDir", (await webBuild()).outDir);
  if (!project.isRootProject()) return undefined;
  return async () => {
    const build = shared.okuruWebBuild;
    shared.okuruWebBuild = undefined;
    shared.okuruTestStack = undefined;
    await (await build)?.stop();
    await stack.stop();
  };
}
