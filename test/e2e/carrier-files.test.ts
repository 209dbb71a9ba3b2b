import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Order } from "@okuru/core/entities/order";
import { formatTrackingNumber, trackingNumberOf } from "@okuru/core/shared/tracking-number";
import { CarrierExport } from "@okuru/core/workflows/carrier-export";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { handler as exportJobHandler } from "../../functions/src/queue/export-job";
import { callApi } from "../support/api";
import { closeDialog, failuresIn, useOrderListApp } from "../support/e2e-orders";
import { setupDoneAccount } from "../support/merchant";
import { personFixture, shopOrderFixture } from "../support/orders";
import { usePrivateQueue } from "../support/queues";
import { drainQueue, usePrivateOrderSyncQueue } from "../support/simulators";

/** Recipients in JIS level 1/2 kanji only, so B2クラウド takes them as they are. */
const person = (name: string) => personFixture({ name });
const shopOrder = (n: number, name: string) =>
  shopOrderFixture(n, {
    shopId: "shop_01JE2ECARRIERF1LES0000000",
    customer: person(name),
    purchaser: person(name),
  });
const orderIdOf = (write: Order.ShopOrderWrite) =>
  Order.idOf(write.shopId, write.platformOrderId, new Date(write.purchasedAt).toISOString());

/**
 * Carrier software hand-off as a merchant does it: the selection out as a B2クラウド file,
 * B2クラウド's issued data (the same rows with 伝票番号 filled) back in through the import
 * dialog, the row report, and the new shipments in 出荷履歴.
 */
describe("carrier files: export to B2クラウド and import its issued numbers", () => {
  const app = useOrderListApp({
    before: async () => {
      // Queues of this file's own: the e2e server runs no consumer, so the test drains its
      // large exports as Lambda would.
      await usePrivateOrderSyncQueue();
      await usePrivateQueue("exportJob", {});
    },
  });
  const { select, bulkBar, bulkMenu } = app;

  /** A company handing off to B2クラウド: its default Yamato account is a hand-off one. */
  async function handoffCompany(name: string, orders: Order.ShopOrderWrite[]) {
    const account = await setupDoneAccount(name);
    const yamato = await callApi("/api/yamato", {
      method: "POST",
      token: account.idToken,
      body: {
        name: "B2クラウド",
        mode: "handoff",
        is_default: true,
        customer_code: "075123456701",
        freight_code: "01",
      },
    });
    expect(yamato.status, yamato.text).toBe(201);
    await app.openNotShipped(account, orders);
    return account;
  }

  it("downloads the selection's B2クラウド file, imports the numbers B2クラウド issued, and shows the shipments", async () => {
    const orders = [shopOrder(71, "高橋 一郎"), shopOrder(72, "佐藤 花子")];
    const ids = orders.map(orderIdOf);
    const references = ids.map((id) => id.slice(-12));
    const account = await handoffCompany("株式会社連携商店", orders);

    // Export: the download starts from the modal, strict CP932, one row per order under its お客様管理番号.
    await select("#1071", "#1072");
    const [download] = await Promise.all([
      app.page.waitForEvent("download"),
      bulkMenu("CSV出力", "B2クラウド"),
    ]);
    expect(download.suggestedFilename()).toMatch(/^yamato_b2_\d{8}_[a-z0-9]{6}\.csv$/);
    const bytes = readFileSync((await download.path())!);
    const csv = iconv.decode(bytes, "cp932");
    expect(iconv.encode(csv, "cp932").equals(bytes)).toBe(true);
    const [header, ...rows] = csv.split("\r\n").filter(Boolean);
    expect(rows.map((row) => row.split(",")[0])).toEqual(references);
    const exportModal = app.page.getByRole("dialog", { name: "CSV出力（B2クラウド）" });
    await exportModal.getByText("2件を出力しました").waitFor();
    await app.shot("carrier-files-1-export");
    await closeDialog(exportModal);

    // The same two again: left out as already exported, and written again only when asked.
    await select("#1071", "#1072");
    await bulkMenu("CSV出力", "B2クラウド");
    await exportModal.getByText("出力できる注文がありませんでした").waitFor();
    const left = exportModal.getByRole("list", { name: "発行済み・出力済みのため出力していない注文" });
    expect(await left.getByText(/にB2クラウドで出力済みです。/).count()).toBe(2);
    await app.shot("carrier-files-1b-export-again-offer");
    const [again] = await Promise.all([
      app.page.waitForEvent("download"),
      exportModal.getByRole("button", { name: "2件を再出力する" }).click(),
    ]);
    expect(again.suggestedFilename()).toMatch(/^yamato_b2_\d{8}_[a-z0-9]{6}\.csv$/);
    await exportModal.getByText("2件を出力しました").waitFor();
    await exportModal.getByText(/うち2件は発行済み・出力済みの注文の再出力です/).waitFor();
    await app.shot("carrier-files-1c-export-again");
    await closeDialog(exportModal);

    // B2クラウド's 発行済みデータ: the same layout with 伝票番号 (column 4) filled; plus a row
    // for a parcel this company never exported and one with a mistyped number.
    const numbers = [trackingNumberOf(44_441_375_870), trackingNumberOf(44_441_375_871)];
    const wrongDigit = `${numbers[0]!.slice(0, 11)}${(Number(numbers[0]!.at(-1)) + 1) % 10}`;
    const issued = [
      header,
      ...rows.map((row, i) => {
        const cells = row.split(",");
        cells[3] = numbers[i]!;
        return cells.join(",");
      }),
      `ZZZZZZZZZZZZ,0,0,${trackingNumberOf(44_441_375_872)}`,
      `${references[0]},0,0,${wrongDigit}`,
      "",
    ].join("\r\n");
    const issuedFile = {
      name: "発行済みデータ.csv",
      mimeType: "text/csv",
      buffer: iconv.encode(issued, "cp932"),
    };

    await app.page.getByRole("button", { name: "発行済みデータを取り込む" }).click();
    const importModal = app.page.getByRole("dialog", { name: "発行済みデータを取り込む" });
    await importModal.getByRole("radio", { name: "B2クラウド 発行済みデータ" }).check();
    const fileInput = importModal.locator('input[type="file"]');
    const send = importModal.getByRole("button", { name: "取り込む" });

    // A file over the upload limit is refused here and never sent. From disk: Chromium
    // reads a local file itself, where 20 MB handed over as a buffer took 10–20 s.
    const bigDir = mkdtempSync(join(tmpdir(), "okuru-e2e-upload-"));
    try {
      const big = join(bigDir, "big.csv");
      writeFileSync(big, Buffer.alloc(20 * 1024 * 1024 + 1, 0x41));
      await fileInput.setInputFiles(big);
      await importModal
        .getByText("ファイルが大きすぎます（上限 20MB）。分けて取り込んでください。")
        .waitFor();
      expect(await send.isDisabled()).toBe(true);
    } finally {
      rmSync(bigDir, { recursive: true, force: true });
    }

    await fileInput.setInputFiles(issuedFile);
    await importModal.getByText("発行済みデータ.csv").waitFor();
    await send.click();
    await importModal.getByText("2件の追跡番号を取り込みました").waitFor();
    const count = async (label: string) =>
      ((await importModal.getByRole("group", { name: label, exact: true }).textContent()) ?? "").replace(
        /\s/g,
        "",
      );
    expect(
      await Promise.all(["取り込み", "取り込み済み", "該当なし", "エラー"].map((label) => count(label))),
    ).toEqual(["取り込み2件", "取り込み済み0件", "該当なし1件", "エラー1件"]);
    const problems = importModal.getByRole("table", { name: "取り込めなかった行" });
    const problemRows = await problems.getByRole("row").allTextContents();
    expect(problemRows).toHaveLength(3);
    expect(problemRows[1]).toContain("ZZZZZZZZZZZZ");
    expect(problemRows[1]).toContain("該当なし");
    expect(problemRows[2]).toContain(references[0]);
    expect(problemRows[2]).toContain("チェックデジット");
    await app.shot("carrier-files-2-import-report");

    // The same rows again add nothing, here in a file of a busy day's size (blank lines to
    // 1.5MB, past the JSON body's 700KB): the dialog PUTs it to S3 first through the
    // presigned URL (a cross-origin request s3rver must allow), then imports the upload.
    const uploads: string[] = [];
    app.page.on("request", (request) => {
      if (request.method() === "PUT" && request.url().includes("/imports/")) uploads.push(request.url());
    });
    const imports: unknown[] = [];
    app.page.on("request", (request) => {
      if (request.method() === "POST" && /\/api\/imports$/.test(request.url()))
        imports.push(JSON.parse(request.postData() ?? "{}"));
    });
    await importModal.getByRole("button", { name: "別のファイルを取り込む" }).click();
    const busyDay = Buffer.concat([issuedFile.buffer, Buffer.from(",,,,\r\n".repeat(256 * 1024))]);
    expect(busyDay.length).toBeGreaterThan(1024 * 1024);
    await fileInput.setInputFiles({ ...issuedFile, name: "発行済みデータ_大.csv", buffer: busyDay });
    await importModal.getByText("1.5MB").waitFor();
    await send.click();
    await importModal.getByText("新しく取り込んだ追跡番号はありません").waitFor();
    expect(await count("取り込み済み")).toBe("取り込み済み2件");
    expect(uploads).toHaveLength(1);
    expect(imports).toEqual([
      { format: "yamato_b2", upload_key: expect.stringMatching(/^[^/]+\/imports\/imp_\w+\/upload\.csv$/) },
    ]);
    await app.shot("carrier-files-2b-import-large");

    // 注文番号と追跡番号のCSV: the carrier is chosen before the file can go.
    await importModal.getByRole("button", { name: "別のファイルを取り込む" }).click();
    await importModal.getByRole("radio", { name: "注文番号と追跡番号のCSV（クリックポストなど）" }).check();
    await fileInput.setInputFiles({
      name: "追跡番号.csv",
      mimeType: "text/csv",
      buffer: iconv.encode(
        `注文番号,追跡番号\r\n#1071,${formatTrackingNumber(numbers[0]!)}\r\n#1999,${numbers[1]}\r\n`,
        "cp932",
      ),
    });
    expect(await send.isDisabled()).toBe(true);
    await app.shot("carrier-files-2c-order-numbers");
    await importModal.getByPlaceholder("配送会社を選択").click();
    await app.page.getByRole("option", { name: "ヤマト運輸" }).click();
    await send.click();
    await importModal.getByText("新しく取り込んだ追跡番号はありません").waitFor();
    expect(await count("取り込み済み")).toBe("取り込み済み1件");
    const numberRows = await importModal
      .getByRole("table", { name: "取り込めなかった行" })
      .getByRole("row")
      .allTextContents();
    expect(numberRows[0]).toContain("注文番号");
    expect(numberRows[1]).toContain("#1999");
    expect(numberRows[1]).toContain("この注文番号の注文が見つかりません");
    await app.shot("carrier-files-2d-order-numbers-report");

    // 出荷履歴 lists the imported shipments with B2クラウド's numbers.
    await importModal.getByRole("link", { name: "出荷履歴" }).click();
    await app.page.waitForURL(/\/shipments/);
    for (const number of numbers) await app.page.getByText(formatTrackingNumber(number)).first().waitFor();
    await app.shot("carrier-files-3-history");
    const shipments = await callApi(`/api/shipments?order_id=${ids[0]}`, { token: account.idToken });
    expect(shipments.json.items).toEqual([
      expect.objectContaining({ source: "import", tracking_number: numbers[0], carrier: "yamato" }),
    ]);
  });

  it("makes a large selection's file on the queue: the bar while it runs, then the download and the orders left out", async () => {
    const count = CarrierExport.QUEUE_ABOVE + 1;
    const orders = Array.from({ length: count }, (_, i) =>
      i === count - 1
        ? shopOrderFixture(200 + i, {
            shopId: "shop_01JE2ECARRIERF1LES0000000",
            customer: person("山田 太郎"),
            purchaser: person("山田 太郎"),
            requestedDeliveryDate: "2026-11-20",
            requestedTimeSlot: "1200",
          })
        : shopOrder(200 + i, "高橋 一郎"),
    );
    await handoffCompany("株式会社大口商店", orders);

    // The list selects a page (50 orders) at a time, fewer than a queued export takes; the
    // request the modal sends is widened to every order, as an API client or a larger
    // selection would send it, so the real API, queue and modal run a large export.
    const allIds = orders.map(orderIdOf);
    await app.page.route("**/api/exports", async (route) => {
      const body = JSON.parse(route.request().postData() ?? "{}");
      await route.continue({ postData: JSON.stringify({ ...body, order_ids: allIds }) });
    });
    await app.page.getByRole("checkbox", { name: "このページの注文をすべて選択" }).check();
    await bulkBar().getByText("50件を選択中").waitFor();
    await bulkMenu("CSV出力", "B2クラウド");

    // Accepted, not yet made: the e2e server has no consumer, so the job waits for the drain below.
    const modal = app.page.getByRole("dialog", { name: "CSV出力（B2クラウド）" });
    await modal.getByText("B2クラウド用のファイルを作成しています…").waitFor();
    await modal.getByText(`0 / ${count}件`).waitFor();
    expect(
      await modal.getByRole("progressbar", { name: "ファイルの作成状況" }).getAttribute("aria-valuenow"),
    ).toBe("0");
    await app.shot("carrier-files-4-export-queued");

    const [download] = await Promise.all([
      app.page.waitForEvent("download", { timeout: 30_000 }),
      drainQueue("exportJob", exportJobHandler),
    ]);
    const csv = iconv.decode(readFileSync((await download.path())!), "cp932");
    expect(csv.split("\r\n").filter(Boolean)).toHaveLength(count); // the header and count - 1 orders
    await modal.getByText(`${count - 1}件を出力しました`).waitFor();
    expect(await failuresIn(modal, "出力できなかった注文（1件）")).toEqual([
      "#1300ヤマト運輸では12時〜14時の時間帯指定はできません",
    ]);
    await app.shot("carrier-files-5-export-queued-done");
  });
});
