import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { callApi } from "../../support/api";
import { issuedLines, matchedPairs } from "../../support/imports";
import { shopOrderFixture } from "../../support/orders";
import { shippingCompany } from "../../support/printing";

/**
 * Large issued-data files: a presigned PUT into s3rver under the tenant's prefix, then
 * POST /api/imports naming the uploaded key. Another company's key and files over the
 * limit are refused.
 */

/** A company with a Yamato hand-off account and `count` orders exported to B2クラウド. */
async function companyWithExport(count: number) {
  // The company's 会社概要 is the ご依頼主 of the exported rows.
  const { account, token, ids } = await shippingCompany({
    yamato: "handoff",
    orders: Array.from({ length: count }, (_, i) => shopOrderFixture(i + 1)),
  });
  const exported = await callApi("/api/exports", {
    method: "POST",
    token,
    body: { format: "yamato_b2", order_ids: ids },
  });
  expect(exported.json.included, JSON.stringify(exported.json.excluded)).toEqual(ids);
  const csv = iconv.decode(Buffer.from(await (await fetch(exported.json.url)).arrayBuffer()), "cp932");
  return { account, token, ids, csv };
}

const upload = (token: string, size: number) =>
  callApi("/api/imports/uploads", { method: "POST", token, body: { size } });

/** B2クラウド's issued file: the exported rows with 伝票番号 (column 4) filled. */
function issuedFile(csv: string, numbers: string[], padTo = 0): Buffer {
  let text = `${issuedLines(csv, numbers).join("\r\n")}\r\n`;
  // A busy day: blank lines (skipped by the reader) until the file passes the inline limit.
  if (padTo > text.length) text += ",,,,\r\n".repeat(Math.ceil((padTo - text.length) / 6));
  return iconv.encode(text, "cp932");
}

describe("POST /api/imports/uploads, then POST /api/imports with upload_key", () => {
  it("takes a file over the inline limit through the presigned PUT and imports its numbers", async () => {
    const { account, token, ids, csv } = await companyWithExport(2);
    const numbers = ["444413758703", "389711074012"];
    const bytes = issuedFile(csv, numbers, 2 * 1024 * 1024);
    expect(bytes.length).toBeGreaterThan(700 * 1024);

    // Inline, the same file is refused.
    const inline = await callApi("/api/imports", {
      method: "POST",
      token,
      body: { format: "yamato_b2", content_base64: bytes.subarray(0, 720 * 1024).toString("base64") },
    });
    expect([inline.status, inline.json.message]).toEqual([
      422,
      "ファイルが大きすぎます（上限 700KB）。分けて取り込んでください。",
    ]);

    const slot = await upload(token, bytes.length);
    expect(slot.status).toBe(201);
    expect(slot.json.max_bytes).toBe(20 * 1024 * 1024);
    expect(slot.json.upload_key).toMatch(
      new RegExp(`^${account.tenantId}/imports/imp_[0-9A-Z]{26}/upload\\.csv$`),
    );
    const put = await fetch(slot.json.url, { method: "PUT", body: new Uint8Array(bytes) });
    expect(put.status).toBe(200);

    const imported = await callApi("/api/imports", {
      method: "POST",
      token,
      body: { format: "yamato_b2", upload_key: slot.json.upload_key },
    });
    expect(imported.status).toBe(200);
    expect(matchedPairs(imported.json)).toEqual([
      [ids[0], numbers[0]],
      [ids[1], numbers[1]],
    ]);
    expect([imported.json.unmatched, imported.json.rejected]).toEqual([[], []]);

    // The uploaded file is deleted once imported: its key finds nothing any more.
    const reused = await callApi("/api/imports", {
      method: "POST",
      token,
      body: { format: "yamato_b2", upload_key: slot.json.upload_key },
    });
    expect([reused.status, reused.json.code]).toEqual([404, "import.upload_not_found"]);
    // The same file uploaded again changes nothing.
    const second = await upload(token, bytes.length);
    await fetch(second.json.url, { method: "PUT", body: new Uint8Array(bytes) });
    const again = await callApi("/api/imports", {
      method: "POST",
      token,
      body: { format: "yamato_b2", upload_key: second.json.upload_key },
    });
    expect([again.json.matched, again.json.unchanged.length]).toEqual([[], 2]);
  });

  it("refuses another company's key, a key never uploaded, and both file and key at once", async () => {
    const a = await companyWithExport(1);
    const b = await companyWithExport(1);
    const slot = await upload(a.token, 100);
    const bytes = issuedFile(a.csv, ["444413758703"]);
    await fetch(slot.json.url, { method: "PUT", body: new Uint8Array(bytes) });

    const foreign = await callApi("/api/imports", {
      method: "POST",
      token: b.token,
      body: { format: "yamato_b2", upload_key: slot.json.upload_key },
    });
    expect([foreign.status, foreign.json.code]).toEqual([404, "import.upload_not_found"]);
    // A key under B's own prefix that names A's upload id is simply not there.
    const forged = slot.json.upload_key.replace(/^[^/]+/, b.account.tenantId);
    const missing = await callApi("/api/imports", {
      method: "POST",
      token: b.token,
      body: { format: "yamato_b2", upload_key: forged },
    });
    expect([missing.status, missing.json.code]).toEqual([404, "import.upload_not_found"]);
    const traversal = await callApi("/api/imports", {
      method: "POST",
      token: b.token,
      body: {
        format: "yamato_b2",
        upload_key: `${b.account.tenantId}/imports/../../${slot.json.upload_key}`,
      },
    });
    expect(traversal.status).toBe(404);
    // A's order got nothing from B's attempts.
    expect((await callApi(`/api/shipments?order_id=${a.ids[0]}`, { token: a.token })).json.items).toEqual([]);

    const both = await callApi("/api/imports", {
      method: "POST",
      token: a.token,
      body: { format: "yamato_b2", upload_key: slot.json.upload_key, content_base64: "YQ==" },
    });
    expect([both.status, both.json.fields]).toEqual([400, { content_base64: "ファイルを選択してください" }]);
    const neither = await callApi("/api/imports", {
      method: "POST",
      token: a.token,
      body: { format: "yamato_b2" },
    });
    expect(neither.status).toBe(400);
  });

  it("refuses files over 20MB: when asking for the URL, and when the upload is larger than asked", async () => {
    const { token } = await companyWithExport(1);
    const big = await upload(token, 20 * 1024 * 1024 + 1);
    expect([big.status, big.json.code, big.json.message]).toEqual([
      422,
      "import.too_large",
      "ファイルが大きすぎます（上限 20MB）。分けて取り込んでください。",
    ]);
    expect((await upload(token, 0)).status).toBe(400);

    // S3 holds a presigned PUT to its signed length; s3rver does not check signatures, so the read checks too.
    const slot = await upload(token, 1024);
    const put = await fetch(slot.json.url, { method: "PUT", body: new Uint8Array(20 * 1024 * 1024 + 10) });
    expect(put.status).toBe(200);
    const refused = await callApi("/api/imports", {
      method: "POST",
      token,
      body: { format: "yamato_b2", upload_key: slot.json.upload_key },
    });
    expect([refused.status, refused.json.code]).toEqual([422, "import.too_large"]);
  });

  it("lets the browser PUT from the site's origin (the bucket's CORS rule)", async () => {
    const { token } = await companyWithExport(1);
    const slot = await upload(token, 3);
    const origin = "http://127.0.0.1:5173";
    const preflight = await fetch(slot.json.url, {
      method: "OPTIONS",
      headers: {
        Origin: origin,
        "Access-Control-Request-Method": "PUT",
        "Access-Control-Request-Headers": "content-type",
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(origin);
    expect(preflight.headers.get("access-control-allow-methods")).toContain("PUT");
    const put = await fetch(slot.json.url, {
      method: "PUT",
      body: "abc",
      headers: { Origin: origin, "Content-Type": "text/csv" },
    });
    expect([put.status, put.headers.get("access-control-allow-origin")]).toEqual([200, origin]);
  });
});
