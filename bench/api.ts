/**
 * API latency through the real stack: the stand-ins on free ports, the Hono app
 * served by @hono/node-server, real Cognito ID tokens. Prints one JSON object.
 *   npx tsx bench/api.ts [requests=300] [concurrency=8]
 */
import { percentiles, withBenchStack } from "./support";

const total = Number(process.argv[2] ?? 300);
const concurrency = Number(process.argv[3] ?? 8);

await withBenchStack(async ({ token, apiOrigin }) => {
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
          const res = await fetch(`${apiOrigin}${path}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          await res.arrayBuffer();
          if (!res.ok) failures += 1;
          latencies.push(performance.now() - t);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const pct = percentiles(latencies);
    return {
      path,
      requests: latencies.length,
      failures,
      rps: Number((latencies.length / seconds).toFixed(1)),
      p50_ms: pct.p50,
      p95_ms: pct.p95,
      p99_ms: pct.p99,
    };
  }

  await measure("/api/health");
  const results = [
    await measure("/api/health"),
    await measure("/api/companies"),
    await measure("/api/senders"),
    await measure("/api/geocoding?address_postcode=1000001"),
  ];
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
});
