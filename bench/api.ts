/**
 * API latency through the real stack: the stand-ins on free ports, the Hono app
 * served by @hono/node-server, real Cognito ID tokens. Prints one JSON object.
 *   npx tsx bench/api.ts [requests=300] [concurrency=8]
 */
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import { freePort } from "../functions/src/dev/stand-ins";
import { startThrowawayStack } from "../functions/src/dev/throwaway-stack";

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";
process.env.POWERTOOLS_LOG_LEVEL = "SILENT";
const total = Number(process.argv[2] ?? 300);
const concurrency = Number(process.argv[3] ?? 8);

const { standIns, resources, stop } = await startThrowawayStack("bench");
try {
  Object.assign(process.env, resources.env);
  const { ensureTable } = await import("@okuru/core/db/client");
  await ensureTable();
  const { seedDemo, demoAccount } = await import("../functions/src/dev/seed");
  await seedDemo(standIns.endpoints.cognito, resources.userPoolId);
  const cognito = new CognitoIdentityProviderClient({
    region: "ap-northeast-1",
    endpoint: standIns.endpoints.cognito,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  const auth = await cognito.send(
    new InitiateAuthCommand({
      ClientId: resources.clientId,
      AuthFlow: "USER_PASSWORD_AUTH",
      AuthParameters: { USERNAME: demoAccount.email, PASSWORD: demoAccount.password },
    }),
  );
  const token = auth.AuthenticationResult!.IdToken!;

  const { serve } = await import("@hono/node-server");
  const { app } = await import("../functions/src/api/app");
  const apiPort = await freePort();
  const server = serve({ fetch: app.fetch, port: apiPort, hostname: "127.0.0.1" });

  async function measure(path: string) {
    const latencies: number[] = [];
    let next = 0;
    let failures = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          next += 1;
          const t = performance.now();
          const res = await fetch(`http://127.0.0.1:${apiPort}${path}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          await res.arrayBuffer();
          if (!res.ok) failures += 1;
          latencies.push(performance.now() - t);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const pct = (p: number) =>
      Number(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(2));
    return {
      path,
      requests: latencies.length,
      failures,
      rps: Number((latencies.length / seconds).toFixed(1)),
      p50_ms: pct(50),
      p95_ms: pct(95),
      p99_ms: pct(99),
    };
  }

  await measure("/api/health");
  const results = [
    await measure("/api/health"),
    await measure("/api/companies"),
    await measure("/api/senders"),
    await measure("/api/geocoding?address_postcode=1000001"),
  ];
  server.close();
  console.log(
    JSON.stringify(
      {
        bench: "api",
        concurrency,
        node: process.version,
        rss_mb: Math.round(process.memoryUsage().rss / 1e6),
        results,
      },
      null,
      2,
    ),
  );
} finally {
  await stop();
}
