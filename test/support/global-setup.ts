import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { provision } from "../../functions/src/dev/provision";
import { freePort, startStandIns } from "../../functions/src/dev/stand-ins";

const root = resolve(import.meta.dirname, "../..");

declare module "vitest" {
  export interface ProvidedContext {
    env: Record<string, string>;
    cognitoDataDir: string;
  }
}

/**
 * Starts the stand-ins once per run, on ports the OS hands out (so tests pass while
 * `npm start` is running), in a throw-away data directory, and creates the table,
 * pool, queues and bucket. Workers receive the environment through `provide`.
 */
export default async function setup(project: TestProject) {
  // The global setup runs in vitest's main process, which `test.env` does not reach.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";
  // The web tests import the generated route tree; a fresh clone has none yet.
  if (!existsSync(join(root, "web/src/routeTree.gen.ts"))) {
    execFileSync(process.execPath, [
      join(root, "node_modules/tsx/dist/cli.mjs"),
      join(root, "web/scripts/generate-routes.ts"),
    ]);
  }
  const dataDir = mkdtempSync(join(tmpdir(), "okuru-test-"));
  const ports = {
    dynamodb: await freePort(),
    cognito: await freePort(),
    sqs: await freePort(),
    s3: await freePort(),
  };
  const standIns = await startStandIns({ dataDir, persist: false, ports });
  const resources = await provision(standIns.endpoints, {
    tableName: "okuru-test",
    bucketName: "okuru-test-files",
    poolName: "okuru-test",
    keyFile: join(dataDir, "keys", "master.key"),
  });
  const env = { ...resources.env, POWERTOOLS_LOG_LEVEL: "SILENT" };
  Object.assign(process.env, env);
  const { ensureTable } = await import("@okuru/core/db/client");
  await ensureTable();
  project.provide("env", env);
  project.provide("cognitoDataDir", standIns.cognitoDataDir);
  return async () => {
    await standIns.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
