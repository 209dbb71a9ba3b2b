/**
 * `npm start`: the whole product on this machine, offline, in one terminal.
 * Stand-ins for AWS, the same Hono app as on Lambda, the same queue consumers fed
 * by poll loops, the scheduled handler on a timer, and the Vite dev server that
 * proxies /api. Ctrl-C stops every child.
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { startAppServers } from "./app-server";
import { Mailbox } from "./mailbox";
import { provision } from "./provision";
import { assertPortsFree, StartupError, startStandIns } from "./stand-ins";

const root = process.cwd();
const dataDir = resolve(root, process.env.OKURU_DATA_DIR ?? ".data");
const port = (name: string, fallback: number) =>
  Number(process.env[`OKURU_PORT_${name.toUpperCase()}`] ?? fallback);
const ports = {
  web: port("web", 5173),
  api: port("api", 3001),
  dynamodb: port("dynamodb", 8000),
  cognito: port("cognito", 9229),
  sqs: port("sqs", 4566),
  s3: port("s3", 4569),
  shopify: port("shopify", 4010),
  ecforce: port("ecforce", 4011),
};

const dim = (s: string) => `\x1b[2m${s}\x1b[0m`;
const bold = (s: string) => `\x1b[1m${s}\x1b[0m`;

async function main() {
  const started = Date.now();
  // The SDK versions are pinned; its notice about Node 22 is known (README, "Node versions").
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  await assertPortsFree({ web: ports.web, api: ports.api, shopify: ports.shopify, ecforce: ports.ecforce });
  mkdirSync(dataDir, { recursive: true });
  const mailbox = new Mailbox();
  const standIns = await startStandIns({
    dataDir,
    persist: true,
    ports,
    onOutput: (source, line) => {
      // cognito-local prints each message it would mail in a box; keep those, hide its request log.
      if (source !== "cognito") return;
      const mail = mailbox.feed(line);
      if (mail) console.log(`${bold("[mail]")} ${mail.to}  ${dim(mail.subject)}  code: ${bold(mail.code)}`);
    },
  });
  const stoppers: (() => Promise<unknown> | unknown)[] = [() => standIns.stop()];
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log("\nStopping…");
    for (const s of stoppers.reverse()) await Promise.resolve(s()).catch(() => undefined);
    process.exit(code);
  };
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));

  try {
    const resources = await provision(standIns.endpoints, {
      tableName: "okuru-local",
      bucketName: "okuru-local-files",
      poolName: "okuru-local",
      keyFile: resolve(dataDir, "keys", "master.key"),
    });
    mailbox.cognitoDb = resolve(standIns.cognitoDataDir, `${resources.userPoolId}.json`);
    Object.assign(process.env, resources.env, {
      POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? "WARN",
    });

    // The shop simulators; core reaches them as it would reach real shops, and they
    // deliver webhooks to the app's public address (the Vite server proxies /api).
    const { startSimulators } = await import("./simulators/serve");
    const simulators = await startSimulators({
      shopifyPort: ports.shopify,
      ecforcePort: ports.ecforce,
      dataDir,
    });
    stoppers.push(() => simulators.stop());
    Object.assign(process.env, simulators.env, { OKURU_APP_URL: `http://127.0.0.1:${ports.web}` });
    const { openDemoShops, connectDemoShops, demoShops } = await import("./demo-shops");
    openDemoShops(simulators);

    // Core reads its configuration on first use, so it is imported only now.
    const { ensureTable } = await import("@okuru/core/db/client");
    await ensureTable();
    const { seedDemo, demoAccount } = await import("./seed");
    // Connecting a shop queues its first sync; the consumers below import the demo's orders.
    const seeded = await seedDemo(standIns.endpoints.cognito, resources.userPoolId, () =>
      connectDemoShops(simulators),
    );

    const servers = await startAppServers({
      apiPort: ports.api,
      webPort: ports.web,
      mailbox,
      cognito: {
        userPoolId: resources.userPoolId,
        clientId: resources.clientId,
        endpoint: standIns.endpoints.cognito,
      },
    });
    stoppers.push(() => servers.stop());

    const { pollQueue } = await import("./poll");
    const consumers = {
      orderSync: (await import("../../functions/src/queue/order-sync")).handler,
      labelJob: (await import("../../functions/src/queue/label-job")).handler,
      trackingUpload: (await import("../../functions/src/queue/tracking-upload")).handler,
      exportJob: (await import("../../functions/src/queue/export-job")).handler,
      webhookDelivery: (await import("../../functions/src/queue/webhook-delivery")).handler,
    };
    const polling = new AbortController();
    stoppers.push(() => polling.abort());
    for (const [name, handler] of Object.entries(consumers) as [
      keyof typeof consumers,
      (typeof consumers)["orderSync"],
    ][]) {
      void pollQueue({
        endpoint: standIns.endpoints.sqs,
        queueUrl: resources.queueUrls[name],
        handler,
        signal: polling.signal,
        onError: (err) => console.error(`[queue ${name}]`, (err as Error).message),
      });
    }

    const { handler: scheduledSync } = await import("../../functions/src/cron/scheduled-sync");
    const cron = setInterval(
      () => void scheduledSync().catch((err) => console.error("[cron]", err)),
      15 * 60_000,
    );
    stoppers.push(() => clearInterval(cron));
    const { handler: redrive } = await import("../../functions/src/cron/redrive");
    const { Redrive } = await import("@okuru/core/workflows/redrive");
    const sweepOnce = () => void redrive().catch((err) => console.error("[redrive]", err));
    // At once too: jobs cut off by the last stop are picked up without waiting for the first tick.
    sweepOnce();
    const sweep = setInterval(sweepOnce, Redrive.SWEEP_EVERY_MS);
    stoppers.push(() => clearInterval(sweep));

    const url = `http://127.0.0.1:${ports.web}`;
    console.log(`
${bold("Okuru (送る) is running")}  ${dim(`started in ${((Date.now() - started) / 1000).toFixed(1)} s`)}

  App         ${bold(url)}
  API         ${url}/api/health   ${dim(`(direct: http://127.0.0.1:${ports.api}/api)`)}
  OpenAPI     ${url}/api/openapi.json

  Demo sign-in  ${bold(demoAccount.email)} / ${bold(demoAccount.password)}  ${dim(seeded === "created" ? "(just created)" : "")}
  Local mail    ${url}/_local/mail   ${dim("(verification codes and invitations; also printed here as [mail] lines)")}

  Shopify     ${bold(simulators.shopifyGraphqlUrl(demoShops.shopify.domain))}
              X-Shopify-Access-Token: ${bold(demoShops.shopify.adminToken)}   ${dim("(orderCreate adds an order; it arrives by webhook)")}
  Ecforce     ${bold(`${simulators.ecforceBaseUrl(demoShops.ecforce.shop)}/api/v2/admin/orders.json`)}
              Authorization: Token token="${bold(demoShops.ecforce.apiToken)}"   ${dim("(POST creates an order; the next sync brings it in)")}

  ${dim(`DynamoDB Local ${standIns.endpoints.dynamodb} · cognito-local ${standIns.endpoints.cognito} · SQS ${standIns.endpoints.sqs} · S3 ${standIns.endpoints.s3}`)}
  ${dim(`Data in ${dataDir} (delete it, or run npm run reset, to start afresh)`)}
  ${dim("Ctrl-C stops everything.")}
`);
  } catch (err) {
    // Said before stopping: stopping exits the process, and the cause would never be printed.
    explainStartupFailure(err);
    await stop(1);
  }
}

function explainStartupFailure(err: unknown) {
  if (err instanceof StartupError) {
    console.error(`✖ ${err.message}`);
  } else {
    console.error("✖ Start-up failed:", err instanceof Error ? err.message : err);
  }
}

main().catch((err) => {
  explainStartupFailure(err);
  process.exit(1);
});
