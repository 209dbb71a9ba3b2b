import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { Hono } from "hono";
import { html, raw } from "hono/html";

/**
 * cognito-local sends no e-mail: it prints each message (sign-up codes, password
 * reset codes, invitation passwords) in a box. The dev runner feeds those lines
 * here; the local-only mail page shows them, newest first. Never part of the API
 * that runs on Lambda.
 */
export type Mail = { at: string; to: string; code: string; subject: string };

// biome-ignore lint/suspicious/noControlCharactersInRegex: strips the colour codes cognito-local prints
const ANSI = /\x1b\[[0-9;]*m/g;

export class Mailbox {
  private mails: Mail[] = [];
  private open: Record<string, string> | undefined;

  constructor(private readonly file: string) {
    if (existsSync(file)) {
      try {
        this.mails = JSON.parse(readFileSync(file, "utf8")) as Mail[];
      } catch {
        this.mails = [];
      }
    }
  }

  list(): Mail[] {
    return [...this.mails].reverse();
  }

  /** Reads one printed line; returns the mail when a box closes. */
  feed(line: string): Mail | undefined {
    const text = line.replace(ANSI, "");
    if (text.includes("Confirmation Code Delivery")) {
      this.open = {};
      return undefined;
    }
    if (!this.open) return undefined;
    const field = /[│|]\s*([A-Za-z ]+):\s+(.*?)\s*[│|]\s*$/.exec(text);
    if (field?.[1] && field[2] !== undefined) {
      this.open[field[1].trim()] = field[2];
      return undefined;
    }
    if (/[╰└]/.test(text)) {
      const fields = this.open;
      this.open = undefined;
      if (!fields.Destination || !fields.Code) return undefined;
      const mail: Mail = {
        at: new Date().toISOString(),
        to: fields.Destination,
        code: fields.Code,
        subject: fields["Email Subject"] ?? "確認コード",
      };
      this.mails = [...this.mails.slice(-199), mail];
      writeFileSync(this.file, JSON.stringify(this.mails, null, 2));
      return mail;
    }
    return undefined;
  }

  routes() {
    return new Hono().get("/_local/mail", (c) => {
      const rows = this.list()
        .map(
          (m) =>
            html`<tr><td>${new Date(m.at).toLocaleString("ja-JP")}</td><td>${m.to}</td><td>${m.subject}</td><td class="code">${m.code}</td></tr>`,
        )
        .join("");
      return c.html(html`<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5">
<title>ローカルメール | Okuru</title>
<style>
body{font-family:"Hiragino Sans","Noto Sans JP","Yu Gothic",sans-serif;margin:2rem;color:#1f2933;background:#f7f8fa}
h1{font-size:1.25rem}p{color:#52606d}table{border-collapse:collapse;width:100%;background:#fff}
th,td{border-bottom:1px solid #e4e7eb;padding:.6rem .8rem;text-align:left}th{background:#eef2f6;font-weight:600}
.code{font-family:ui-monospace,monospace;font-size:1.2rem;letter-spacing:.15em;color:#0b6bcb}
</style></head><body>
<h1>ローカルメール（開発用）</h1>
<p>ローカル環境では確認コードや招待メールは送信されず、ここに表示されます。5秒ごとに更新します。</p>
<table><thead><tr><th>日時</th><th>宛先</th><th>件名</th><th>コード / 仮パスワード</th></tr></thead>
<tbody>${raw(rows || '<tr><td colspan="4">まだメールはありません。</td></tr>')}</tbody></table>
</body></html>`);
    });
  }
}
