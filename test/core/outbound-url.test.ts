import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { hostname } from "node:os";
import { coreConfig, resetCoreConfig } from "@okuru/core/config";
import { ShopConnection } from "@okuru/core/workflows/shop-connection";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboundFetch } from "../../core/src/platforms/outbound-fetch";
import {
  canonicalBaseUrl,
  checkPublicUrl,
  isPublicAddress,
  publicOnlyLookup,
} from "../../core/src/platforms/outbound-url";
import { allowingOrigin } from "../../dev/src/simulators/serve";
import { asUser, testAccount } from "../support/account";
import { ecforceShopFor, usePrivateOrderSyncQueue } from "../support/simulators";

/**
 * The Ecforce connect form reaches only public https hosts (and, locally, the origins
 * configured for the simulators), and answers every target it cannot use with one
 * message, so it cannot be used to map what listens inside our network. Internal
 * targets are local HTTP servers that count the requests reaching them: none may.
 */

const ONE_MESSAGE = "ecforce のAPIに接続できませんでした。ショップのURLとAPIトークンをご確認ください。";

/** A local server answering `answer` to every request, counting them. */
async function countingServer(answer: (path: string) => { status: number; headers?: object; body?: string }) {
  const hits: string[] = [];
  const server: Server = createServer((request, response) => {
    hits.push(request.url ?? "");
    const { status, headers = {}, body = "" } = answer(request.url ?? "");
    response.writeHead(status, { ...headers }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { hits, port, origin: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/** A port nothing listens on. */
async function closedPort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let internal: Awaited<ReturnType<typeof countingServer>>;
let notEcforce: Awaited<ReturnType<typeof countingServer>>;
let account: Awaited<ReturnType<typeof testAccount>>;

beforeAll(async () => {
  await usePrivateOrderSyncQueue();
  // An internal service: never allow-listed, as DynamoDB or the metadata service would be.
  internal = await countingServer(() => ({ status: 200, body: '{"data":[]}' }));
  // A server allowed by configuration that is not an Ecforce API.
  notEcforce = await countingServer((path) => {
    if (path.startsWith("/moved/"))
      return { status: 302, headers: { Location: `${internal.origin}/api/v2/admin/orders.json` } };
    if (path.startsWith("/failing/")) return { status: 500, body: "Internal Server Error" };
    if (path.startsWith("/html/")) return { status: 200, body: "<html>ようこそ</html>" };
    if (path.startsWith("/other-json/")) return { status: 200, body: '{"items":[]}' };
    return { status: 404, body: '{"message":"Not Found"}' };
  });
  process.env.OKURU_ALLOWED_PRIVATE_ORIGINS = allowingOrigin(notEcforce.origin);
  resetCoreConfig();
  account = await testAccount();
});

afterAll(() => {
  internal.close();
  notEcforce.close();
});

const connect = (base_url: string) =>
  asUser(account, () => ShopConnection.connectEcforce({ base_url, api_token: "token" }));

describe("canonical base URLs", () => {
  it.each([
    ["https://Shop.Example.JP", "https://shop.example.jp"],
    ["https://shop.example.jp:443/", "https://shop.example.jp"],
    ["shop.example.jp", "https://shop.example.jp"],
    ["https://shop.example.jp./ec%2Dshop//", "https://shop.example.jp/ec-shop"],
    ["https://shop.example.jp/%65c-shop", "https://shop.example.jp/ec-shop"],
    ["https://shop.example.jp/a%2fb", "https://shop.example.jp/a%2Fb"],
    ["http://localhost:4011/okuru-demo", "http://127.0.0.1:4011/okuru-demo"],
    ["http://[::1]:4011/okuru-demo", "http://127.0.0.1:4011/okuru-demo"],
    ["http://0x7f.1:4011/okuru-demo", "http://127.0.0.1:4011/okuru-demo"],
  ])("%s → %s", (typed, canonical) => {
    expect(canonicalBaseUrl(typed)).toBe(canonical);
  });

  it.each([
    "https://shop.example.jp/?page=1",
    "https://shop.example.jp/#top",
    "https://user@shop.example.jp",
    "ftp://shop.example.jp",
    "https://shop",
  ])("refuses %s", (typed) => {
    expect(canonicalBaseUrl(typed)).toBeUndefined();
  });
});

describe("public addresses", () => {
  it.each(["8.8.8.8", "203.0.114.1", "2404:6800:4004:81a::200e", "::ffff:8.8.8.8"])("%s is public", (a) => {
    expect(isPublicAddress(a)).toBe(true);
  });

  it.each([
    "127.0.0.1",
    "127.8.8.8",
    "0.0.0.0",
    "10.0.0.1",
    "100.64.0.1",
    "169.254.169.254",
    "172.16.5.4",
    "192.168.1.1",
    "::1",
    "::",
    "fe80::1",
    "fd00:ec2::254",
    "fc00::1",
    "::ffff:127.0.0.1",
    "::ffff:169.254.169.254",
    "64:ff9b::a9fe:a9fe",
  ])("%s is not", (a) => {
    expect(isPublicAddress(a)).toBe(false);
  });
});

describe("connecting an Ecforce shop at an internal address", () => {
  it("is refused with one message and no request is made", async () => {
    const targets = [
      `${internal.origin}/shop`,
      `https://127.0.0.1:${internal.port}/shop`,
      `http://localhost:${internal.port}/shop`,
      `https://[::1]:${internal.port}/shop`,
      `https://[::ffff:127.0.0.1]:${internal.port}/shop`,
      "https://10.0.0.1/shop",
      "https://169.254.169.254/latest/meta-data",
      "https://[fd00:ec2::254]/latest",
      "http://shop.example.jp",
      coreConfig().endpoints.dynamodb!,
    ];
    for (const target of targets) {
      await expect(connect(target), target).rejects.toMatchObject({
        code: "shop.verify_failed",
        message: ONE_MESSAGE,
        fields: { base_url: ONE_MESSAGE },
      });
    }
    expect(internal.hits).toEqual([]);
  });

  it("is refused when the host name resolves to a private address", async () => {
    const name = hostname();
    const resolved = await new Promise<string | undefined>((resolve) =>
      publicOnlyLookup(name, {}, (err, address) => resolve(err ? undefined : String(address))),
    );
    expect(resolved, `${name} resolves to a private address here`).toBeUndefined();
    const url = `https://${name}:${internal.port}/api/v2/admin/orders.json`;
    await expect(checkPublicUrl(url)).rejects.toMatchObject({ name: "OutboundRefused" });
    await expect(outboundFetch(url, { method: "GET", headers: {} })).rejects.toMatchObject({
      name: "OutboundRefused",
    });
    expect(internal.hits).toEqual([]);
  });

  it("checks again the answer the connection itself looks up (DNS rebinding)", async () => {
    const error = await new Promise<Error | null>((resolve) =>
      publicOnlyLookup("localhost", { all: true }, (err) => resolve(err)),
    );
    expect(error?.name).toBe("OutboundRefused");
  });
});

describe("connecting an allowed address that is not an Ecforce API", () => {
  it("answers a 404, a 500, a page, other JSON, a redirect and a closed port alike, following no redirect", async () => {
    const closed = `http://127.0.0.1:${await closedPort()}`;
    process.env.OKURU_ALLOWED_PRIVATE_ORIGINS = allowingOrigin(closed);
    resetCoreConfig();
    const targets = ["missing", "failing", "html", "other-json", "moved"].map(
      (kind) => `${notEcforce.origin}/${kind}/shop`,
    );
    for (const target of [...targets, `${closed}/shop`]) {
      await expect(connect(target), target).rejects.toMatchObject({
        message: ONE_MESSAGE,
        fields: { base_url: ONE_MESSAGE },
      });
    }
    expect(notEcforce.hits.length).toBeGreaterThanOrEqual(targets.length);
    expect(internal.hits).toEqual([]);
  });
});

describe("the simulator's configured origin", () => {
  it("still connects", async () => {
    const shop = await ecforceShopFor("okuru-outbound");
    await expect(connect(shop.base_url)).rejects.toMatchObject({
      fields: { api_token: "ecforce のAPIトークンが正しくありません。" },
    });
    const real = await asUser(account, () => ShopConnection.connectEcforce(shop));
    expect(real).toMatchObject({ platform: "ecforce", status: "active" });
  });
});
