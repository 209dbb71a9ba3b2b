import { existsSync, readFileSync } from "node:fs";
import { Hono } from "hono";
import { html, raw } from "hono/html";

/**
 * cognito-local sends no e-mail: it prints each message (sign-up codes, password
 * reset codes, invitation passwords) in a box, and keeps the codes in its state
 * file. The dev runner echoes the boxes as [mail] lines; the local-only mail page
 * shows what is pending in each inbox. Never part of the API that runs on Lambda.
 */
export type Mail = { at: string; to: string; code: string; subject: string };

// biome-ignore lint/suspicious/noControlCharactersInRegex: strips the colour codes cognito-local prints
const ANSI = /\x1b\[[0-9;]*m/g;

type CognitoUser = {
  Attributes?: { Name: string; Value: string }[];
  UserStatus?: string;
  ConfirmationCode?: string;
  Password?: string;
  UserLastModifiedDate?: string;
};

/**
 * What is waiting in each inbox right now, read from cognito-local's own state: the
 * printed boxes reach us late (its logger buffers), the state file at once.
 */
function pendingMail(cognitoDb: string | undefined): Mail[] {
  if (!cognitoDb || !existsSync(cognitoDb)) return [];
  let users: Record<string, CognitoUser> = {};
  try {
    users =
      (JSON.parse(readFileSync(cognitoDb, "utf8")) as { Users?: Record<string, CognitoUser> }).Users ?? {};
  } catch {
    return [];
  }
  const mails: Mail[] = [];
  for (const user of Object.values(users)) {
    const to = user.Attributes?.find((a) => a.Name === "email")?.Value ?? "";
    const at = String(user.UserLastModifiedDate ?? "");
    if (user.ConfirmationCode) {
      const subject =
        user.UserStatus === "UNCONFIRMED" ? "アカウント登録の確認コード" : "パスワード再設定の確認コード";
      mails.push({ at, to, subject, code: user.ConfirmationCode });
    }
    if (user.UserStatus === "FORCE_CHANGE_PASSWORD" && user.Password) {
      mails.push({ at, to, subject: "ユーザー招待（仮パスワード）", code: user.Password });
    }
  }
  return mails.sort((a, b) => b.at.localeCompare(a.at));
}

export class Mailbox {
  private open: Record<string, string> | undefined;

  /** `cognitoDb`: the pool's state file, `.cognito/db/<poolId>.json`, once the pool exists. */
  cognitoDb: string | undefined;

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
      return {
        at: new Date().toISOString(),
        to: fields.Destination,
        code: fields.Code,
        subject: fields["Email Subject"] ?? "確認コード",
      };
    }
    return undefined;
  }

  routes() {
    return new Hono().get("/_local/mail", (c) => {
      const rows = pendingMail(this.cognitoDb)
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
<p>ローカル環境では確認コードや招待メールは送信されず、ここに表示されます（現在有効なもの）。5秒ごとに更新します。</p>
<table><thead><tr><th>日時</th><th>宛先</th><th>件名</th><th>コード / 仮パスワード</th></tr></thead>
<tbody>${raw(rows || '<tr><td colspan="4">まだメールはありません。</td></tr>')}</tbody></table>
</body></html>`);
    });
  }
}
