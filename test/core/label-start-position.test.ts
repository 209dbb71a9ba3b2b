import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type LabelParcel, type LabelPrintSettings, renderLabels } from "../../core/src/carriers/label/index";
import { formatTrackingNumber, trackingNumberOf } from "../../core/src/shared/tracking-number";
import { labelSender as sender } from "../support/label-parties";

/**
 * 印刷開始位置, read back from the PDF with poppler: where each label's tracking number
 * is on the page tells which slot it was drawn in.
 */

const workDir = mkdtempSync(join(tmpdir(), "okuru-start-"));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const run = (tool: string, args: string[]) =>
  execFileSync(tool, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });

let fileCount = 0;
function writePdf(bytes: Uint8Array): string {
  const path = join(workDir, `start-${++fileCount}.pdf`);
  writeFileSync(path, bytes);
  return path;
}

let serial = 22_345_678_900;
function parcel(): LabelParcel {
  return {
    carrier: "yamato",
    trackingNumber: trackingNumberOf(serial++),
    parcelIndex: 1,
    parcelCount: 1,
    orderNumber: `#${serial}`,
    recipient: { ...sender, name: "髙橋 一郎" },
    sender,
    itemName: "衣類",
    handling1: "",
    handling2: "",
    shipDate: "2026-07-14",
    deliveryDate: null,
    timeSlot: "",
    codAmount: null,
    coolType: null,
  };
}

const a4FourUp: LabelPrintSettings = { paper: "a4", layout: "4up", offset_x_mm: 0, offset_y_mm: 0 };
const a4 = { width: 595.28, height: 841.89 };

/** The slot (1-based, left to right then top to bottom on 4-up A4) each label's number is in, by page. */
function slotsOf(pdf: string, labels: LabelParcel[]): { page: number; slot: number }[] {
  const pages = Number(/^Pages:\s+(\d+)/m.exec(run("pdfinfo", [pdf]))![1]);
  const found = new Map<string, { page: number; slot: number }>();
  for (let page = 1; page <= pages; page++) {
    const xml = run("pdftotext", ["-bbox", "-f", String(page), "-l", String(page), pdf, "-"]);
    for (const match of xml.matchAll(/xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([\d-]+)</g)) {
      const column = Number(match[1]) < a4.width / 2 ? 0 : 1;
      const row = Number(match[2]) < a4.height / 2 ? 0 : 1;
      found.set(match[3]!, { page, slot: row * 2 + column + 1 });
    }
  }
  return labels.map((label) => found.get(formatTrackingNumber(label.trackingNumber))!);
}

describe("印刷開始位置 (start position on a half-used sheet)", () => {
  it("puts the first label of A4 4-up in slot 2 when asked to start at 2, the slots before it blank", () => {
    const labels = [parcel(), parcel(), parcel(), parcel()];
    const pdf = writePdf(renderLabels(labels, a4FourUp, { startSlot: 2 }));
    expect(slotsOf(pdf, labels)).toEqual([
      { page: 1, slot: 2 },
      { page: 1, slot: 3 },
      { page: 1, slot: 4 },
      { page: 2, slot: 1 },
    ]);
    // Slot 1 (the top-left quarter) holds no text at all.
    const topLeft = run("pdftotext", [
      ...["-f", "1", "-l", "1", "-x", "0", "-y", "0", "-W", "297", "-H", "420"],
      pdf,
      "-",
    ]);
    expect(topLeft.replace(/\s+/g, "")).toBe("");
  });

  it("starts at the first slot without a start, and on a sheet with fewer slots than the start", () => {
    const labels = [parcel(), parcel()];
    expect(slotsOf(writePdf(renderLabels(labels, a4FourUp)), labels)).toEqual([
      { page: 1, slot: 1 },
      { page: 1, slot: 2 },
    ]);
    const single = writePdf(
      renderLabels(
        labels,
        { paper: "label_100x150", layout: "1up", offset_x_mm: 0, offset_y_mm: 0 },
        { startSlot: 3 },
      ),
    );
    expect(Number(/^Pages:\s+(\d+)/m.exec(run("pdfinfo", [single]))![1])).toBe(2);
  });
});
