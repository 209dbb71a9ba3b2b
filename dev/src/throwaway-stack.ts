import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { provision } from "./provision";
import { freePort, startStandIns } from "./stand-ins";

/**
 * The stand-ins on ports the OS hands out, in a throw-away data directory, with
 * the table's neighbours provisioned: what the tests and the benchmarks run on, so
 * they never collide with `npm start`. `name` keeps their resources apart.
 */
export async function startThrowawayStack(name: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `okuru-${name}-`));
  const ports = {
    dynamodb: await freePort(),
    cognito: await freePort(),
    sqs: await freePort(),
    s3: await freePort(),
  };
  const standIns = await startStandIns({ dataDir, persist: false, ports });
  try {
    const resources = await provision(standIns.endpoints, {
      tableName: `okuru-${name}`,
      bucketName: `okuru-${name}-files`,
      poolName: `okuru-${name}`,
      keyFile: join(dataDir, "keys", "master.key"),
    });
    return {
      standIns,
      resources,
      async stop() {
        await standIns.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await standIns.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}
