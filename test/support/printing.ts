import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Order } from "@okuru/core/entities/order";
import { trackingNumberOf } from "@okuru/core/shared/tracking-number";
import { expect } from "vitest";
import { asUser, testAccount } from "./account";
import { callApi } from "./api";
import { kyotoAddress } from "./orders";

/** Calls the real API as the account's user, by the path after `/api`: `call("/orders", "PUT", body)`. */
export function apiCaller(account: { idToken: string }) {
  return (path: string, method = "GET", body?: unknown) =>
    callApi(`/api${path}`, { method, token: account.idToken, body });
}

export type Call = ReturnType<typeof apiCaller>;

/** The 会社概要 the API tests give a company: a tea shop in 京都市中京区, the ご依頼主 where no sender is set. */
export function kyotoCompanyProfile(name = "株式会社京都抹茶本舗") {
  return { name, ...kyotoAddress };
}

/**
 * Makes the account's company print its own Yamato labels: a self-printed default
 * account with `count` numbers from serial `first` (11 digits, check digit added).
 */
export async function addSelfPrintedYamato(account: { idToken: string }, first: number, count = 100) {
  const response = await callApi("/api/yamato", {
    method: "POST",
    token: account.idToken,
    body: {
      name: "ヤマト運輸 自社印刷",
      mode: "self_printed",
      is_default: true,
      customer_code: "075123456701",
      tracking_ranges: [{ first: trackingNumberOf(first), last: trackingNumberOf(first + count - 1) }],
    },
  });
  expect(response.status, response.text).toBe(201);
  return response.json as { id: string };
}

/**
 * Writes orders into the actor's company as the sync writes them: pages of 50, each order
 * judged by the carrier it ships by (the エラー tab's reasons from the start).
 */
export async function writeAsSync(writes: Order.ShopOrderWrite[]): Promise<Order.UpsertResult[]> {
  const { judge } = await Order.loadJudge();
  const out: Order.UpsertResult[] = [];
  for (let i = 0; i < writes.length; i += 50)
    out.push(...(await Order.upsertPage(writes.slice(i, i + 50), judge)));
  return out;
}

/**
 * A new company that ships by Yamato, set up through the real API: its 会社概要
 * (`kyotoCompanyProfile`), a Yamato account (self-printed from serial `first` with
 * `count` numbers, or a B2クラウド hand-off), and `orders` written and judged as a sync
 * writes them.
 */
export async function shippingCompany(options: {
  yamato: { first: number; count?: number } | "handoff";
  orders?: Order.ShopOrderWrite[];
  name?: string;
}) {
  const account = await testAccount(options.name);
  const call = apiCaller(account);
  const company = await call("/companies", "PUT", kyotoCompanyProfile(options.name));
  expect(company.status, company.text).toBe(200);
  const yamato =
    options.yamato === "handoff"
      ? await handoffYamato(call)
      : await addSelfPrintedYamato(account, options.yamato.first, options.yamato.count);
  const writes = options.orders ?? [];
  const ids = await asUser(account, async () => (await writeAsSync(writes)).map((o) => o.orderId));
  return { account, token: account.idToken, call, ids, yamatoId: yamato.id };
}

async function handoffYamato(call: Call) {
  const response = await call("/yamato", "POST", {
    name: "B2クラウド",
    mode: "handoff",
    customer_code: "075123456701",
    freight_code: "01",
  });
  expect(response.status, response.text).toBe(201);
  return response.json as { id: string };
}

/** The text of the PDF a presigned URL serves (pdftotext), after checking the URL answers. */
export async function downloadedPdfText(url: string): Promise<string> {
  const download = await fetch(url);
  expect(download.status).toBe(200);
  const dir = mkdtempSync(join(tmpdir(), "okuru-pdf-"));
  try {
    writeFileSync(join(dir, "labels.pdf"), Buffer.from(await download.arrayBuffer()));
    return execFileSync("pdftotext", [join(dir, "labels.pdf"), "-"]).toString();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
