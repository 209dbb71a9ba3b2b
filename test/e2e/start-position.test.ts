import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { handler as labelJobHandler } from "../../functions/src/queue/label-job";
import { callApi } from "../support/api";
import { usePrivateLabelQueues } from "../support/e2e";
import { jobFinished, selfPrintingAccount, useOrderListApp } from "../support/e2e-orders";
import { shopOrderFixture } from "../support/orders";
import { drainQueue } from "../support/simulators";

const outDir = join(import.meta.dirname, "../.artifacts/start-position");

/** The PDF's first page in grey levels (poppler's PGM: a text header, then one byte a pixel). */
function firstPageGrey(pdf: Buffer) {
  mkdirSync(outDir, { recursive: true });
  const path = join(outDir, "labels.pdf");
  writeFileSync(path, pdf);
  execFileSync("pdftoppm", ["-png", "-r", "50", "-f", "1", "-l", "1", path, join(outDir, "page")]);
  execFileSync("pdftoppm", [
    "-gray",
    "-r",
    "20",
    "-f",
    "1",
    "-l",
    "1",
    "-singlefile",
    path,
    join(outDir, "grey"),
  ]);
  const pgm = readFileSync(join(outDir, "grey.pgm"));
  const [, width, height] = pgm
    .subarray(0, 40)
    .toString("latin1")
    .match(/^P5\s+(\d+)\s+(\d+)\s+255\s/)!;
  const headerLength = pgm.length - Number(width) * Number(height);
  return { width: Number(width), height: Number(height), pixels: pgm.subarray(headerLength) };
}

/** Whether the inner part of a quarter of the page (4面: column, row) has nothing drawn. */
function quarterIsBlank(page: ReturnType<typeof firstPageGrey>, column: number, row: number) {
  const [w, h] = [page.width / 2, page.height / 2];
  for (let y = Math.ceil(row * h + h * 0.1); y < row * h + h * 0.9; y++)
    for (let x = Math.ceil(column * w + w * 0.1); x < column * w + w * 0.9; x++)
      if (page.pixels[y * page.width + x]! < 200) return false;
  return true;
}

/** 印刷開始位置 in the browser: picked on an A4 4面 sheet, read back from the printed PDF. */
describe("the label batch's start position", () => {
  const app = useOrderListApp({ before: () => usePrivateLabelQueues("start-position") });
  const { shot, bulkBar } = app;

  it("prints from the second label of an A4 4面 sheet when 2 is picked, the first left empty", async () => {
    const account = await selfPrintingAccount("株式会社開始位置商店", 56_700_000_000);
    const setting = { paper: "a4", layout: "4up", offset_x_mm: 0, offset_y_mm: 0 };
    const saved = await callApi("/api/brands/print_settings", {
      method: "PUT",
      token: account.idToken,
      body: { japan_post: setting, sagawa: setting, yamato: setting },
    });
    expect(saved.status, saved.text).toBe(200);
    await app.openNotShipped(account, [shopOrderFixture(1), shopOrderFixture(2)]);
    await app.select("#1001", "#1002");

    await bulkBar().getByRole("button", { name: "印刷開始位置: 1枚目" }).click();
    const sheet = app.page.getByRole("radiogroup", { name: "印刷開始位置" });
    await sheet.getByRole("radio", { name: "2枚目から" }).click();
    await bulkBar().getByRole("button", { name: "印刷開始位置: 2枚目" }).click();
    await shot("start-position-1-picker");
    await app.page.keyboard.press("Escape");
    await bulkBar().getByRole("button", { name: "送り状発行" }).click();

    const modal = app.page.getByRole("dialog", { name: "送り状発行" });
    await modal.getByText("0 / 2件").waitFor();
    expect(await drainQueue("labelJob", labelJobHandler)).toEqual({ handled: 1, failed: 0 });
    await jobFinished(modal, "発行が完了しました", "2 / 2件", "2件の注文に送り状を発行しました（2枚）");
    await modal.getByText(/2枚目の位置から印刷しています/).waitFor();
    await shot("start-position-2-issued");
    const link = modal.getByRole("link", { name: /PDFを開く|PDF/ }).first();
    const pdf = Buffer.from(await (await fetch((await link.getAttribute("href"))!)).arrayBuffer());
    const page = firstPageGrey(pdf);
    // Slots run across then down: 1 top left (left empty), 2 top right, 3 bottom left.
    expect(quarterIsBlank(page, 0, 0)).toBe(true);
    expect(quarterIsBlank(page, 1, 0)).toBe(false);
    expect(quarterIsBlank(page, 0, 1)).toBe(false);
    expect(quarterIsBlank(page, 1, 1)).toBe(true);
  });
});
