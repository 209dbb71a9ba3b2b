import { guideSteps } from "./api-guide";
import { CLIENT_SCHEME } from "./openapi-document";

// The document is plain JSON here; its shapes are read field by field, each one optional.
// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is walked as the JSON it is
type Json = any;

const METHODS = ["get", "post", "put", "delete", "patch"] as const;

/** Every value put into the page passes through here: the document holds merchant-facing text, not markup. */
const esc = (value: unknown) =>
  String(value ?? "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");

const anchor = (text: string) => text.replace(/[^A-Za-z0-9_-]/g, "-");

const pretty = (value: unknown) => `<pre class="example">${esc(JSON.stringify(value, null, 2))}</pre>`;

function resolve(document: Json, schema: Json): { schema: Json; name?: string } {
  const ref: string | undefined = schema?.$ref;
  if (!ref) return { schema };
  const name = ref.split("/").pop() as string;
  return { schema: document.components?.schemas?.[name] ?? {}, name };
}

function typeOf(schema: Json): string {
  const types = [schema.type ?? (schema.properties ? "object" : "")].flat().filter(Boolean);
  if (types.includes("array")) {
    const items = schema.items?.$ref ? schema.items.$ref.split("/").pop() : (schema.items?.type ?? "");
    return types.map((type: string) => (type === "array" ? `array<${items}>` : type)).join(" | ");
  }
  return types.join(" | ") || "any";
}

function facts(schema: Json): string {
  const notes: string[] = [];
  if (schema.enum) notes.push(`値: ${schema.enum.map((v: unknown) => `<code>${esc(v)}</code>`).join(" ")}`);
  if (schema.minimum !== undefined || schema.maximum !== undefined)
    notes.push(`範囲: ${esc(schema.minimum ?? "")}〜${esc(schema.maximum ?? "")}`);
  if (schema.maxLength !== undefined) notes.push(`最大 ${esc(schema.maxLength)} 文字`);
  if (schema.maxItems !== undefined) notes.push(`最大 ${esc(schema.maxItems)} 件`);
  if (schema.pattern) notes.push(`形式: <code>${esc(schema.pattern)}</code>`);
  return notes.join("　");
}

/** A schema as nested lists: each property with its type, 必須 mark, allowed values and description. */
function schemaHtml(document: Json, given: Json, seen: string[] = [], underProperty = false): string {
  const { schema, name } = resolve(document, given);
  if (name && seen.includes(name)) return `<p class="type">${esc(name)}（上記と同じ）</p>`;
  const trail = name ? [...seen, name] : seen;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    return `<p class="type">次のいずれか</p><ol>${variants
      .map((variant: Json) => `<li>${schemaHtml(document, variant, trail)}</li>`)
      .join("")}</ol>`;
  }
  // Under a property its type is already on the property's line; only a named schema says its name.
  const head =
    underProperty && !name
      ? ""
      : `<p class="type">${name ? `<b>${esc(name)}</b> ` : ""}${esc(typeOf(schema))} ${facts(schema)}</p>`;
  const items = schema.items && resolve(document, schema.items).schema;
  if (items?.properties || items?.anyOf)
    return head + schemaHtml(document, schema.items, trail, underProperty);
  if (!schema.properties) return head;
  const required: string[] = schema.required ?? [];
  const rows = Object.entries<Json>(schema.properties).map(([property, child]) => {
    const inner = resolve(document, child).schema;
    const nested = inner.properties || inner.items?.properties || inner.items?.$ref || inner.anyOf;
    return `<li><code>${esc(property)}</code> <span class="type">${esc(typeOf(inner))}</span>${
      required.includes(property) ? ' <span class="req">必須</span>' : ""
    } ${facts(inner)}${inner.description ? `<div class="desc">${esc(inner.description)}</div>` : ""}${
      nested ? schemaHtml(document, child, trail, true) : ""
    }</li>`;
  });
  return `${head}<ul class="props">${rows.join("")}</ul>`;
}

function whoMayCall(operation: Json): string {
  const security: Json[] = operation.security ?? [];
  if (security.length === 0) return "認証不要";
  const scopes = security.flatMap((entry) => entry[CLIENT_SCHEME] ?? []);
  if (scopes.length === 0) return "管理画面のユーザーのみ（API連携のトークンでは呼び出せません）";
  return `API連携のトークン（スコープ ${scopes.map((s: string) => `<code>${esc(s)}</code>`).join(" ")}）またはユーザーの ID トークン`;
}

function parametersHtml(operation: Json): string {
  const parameters: Json[] = operation.parameters ?? [];
  if (parameters.length === 0) return "";
  const rows = parameters.map(
    (p) =>
      `<tr><td><code>${esc(p.name)}</code>${p.required ? ' <span class="req">必須</span>' : ""}</td><td>${esc(p.in)}</td><td>${esc(
        typeOf(p.schema ?? {}),
      )} ${facts(p.schema ?? {})}</td><td>${esc(p.description ?? p.schema?.description ?? "")}${
        p.example === undefined ? "" : ` 例: <code>${esc(p.example)}</code>`
      }</td></tr>`,
  );
  return `<h4>パラメーター</h4><table><tr><th>名前</th><th>場所</th><th>型</th><th>説明</th></tr>${rows.join("")}</table>`;
}

function contentHtml(document: Json, content: Json): string {
  return Object.entries<Json>(content ?? {})
    .map(
      ([type, media]) =>
        `<div class="media"><span class="mime">${esc(type)}</span>${media.schema ? schemaHtml(document, media.schema) : ""}${
          media.example === undefined ? "" : `<p class="label">例</p>${pretty(media.example)}`
        }</div>`,
    )
    .join("");
}

function operationHtml(document: Json, method: string, path: string, operation: Json): string {
  const body = operation.requestBody
    ? `<h4>リクエスト本文${operation.requestBody.required ? ' <span class="req">必須</span>' : "（省略可）"}</h4>${contentHtml(
        document,
        operation.requestBody.content,
      )}`
    : "";
  const responses = Object.entries<Json>(operation.responses ?? {})
    .map(
      ([status, answer]) =>
        `<details${status.startsWith("2") ? " open" : ""}><summary><b>${esc(status)}</b> ${esc(answer.description)}</summary>${contentHtml(
          document,
          answer.content,
        )}</details>`,
    )
    .join("");
  return `<section class="op" id="${esc(anchor(operation.operationId ?? `${method}-${path}`))}">
<h3><span class="method ${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3>
<p class="summary">${esc(operation.summary)} <span class="opid">${esc(operation.operationId)}</span></p>
${operation.description ? `<p>${esc(operation.description)}</p>` : ""}
<p class="auth">認証: ${whoMayCall(operation)}</p>
${parametersHtml(operation)}${body}<h4>レスポンス</h4>${responses}</section>`;
}

const STYLE = `body{font-family:system-ui,"Hiragino Sans","Noto Sans JP",sans-serif;margin:0;color:#1f2328;line-height:1.6}
main{max-width:1080px;margin:0 auto;padding:24px}nav{columns:3;font-size:14px}h2{border-bottom:2px solid #d0d7de;margin-top:48px}
pre{background:#f6f8fa;padding:12px;overflow-x:auto;border-radius:6px;font-size:13px}.op{border:1px solid #d0d7de;border-radius:8px;padding:8px 16px;margin:16px 0}
.method{display:inline-block;min-width:64px;text-align:center;color:#fff;border-radius:4px;font-size:13px;padding:2px 6px}
.get{background:#1a7f37}.post{background:#0969da}.put{background:#9a6700}.delete{background:#cf222e}.patch{background:#8250df}
.req{color:#cf222e;font-size:12px;font-weight:bold}.type{color:#57606a;font-size:13px;margin:4px 0}.desc{color:#57606a;font-size:13px}
.opid{color:#8c959f;font-size:12px;font-family:monospace}.auth{background:#fff8c5;padding:4px 8px;border-radius:4px}
table{border-collapse:collapse;font-size:14px}td,th{border:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top}
ul.props{margin:4px 0;padding-left:20px;font-size:14px}.mime,.label{font-size:12px;color:#57606a}summary{cursor:pointer}`;

/**
 * /api/docs: the served OpenAPI document as one self-contained Japanese page (no script,
 * nothing fetched), with the getting-started steps on top and `appUrl` in their commands.
 */
export function docsPage(document: Json, appUrl: string): string {
  const steps = guideSteps
    .map(
      (step) =>
        `<li><b>${esc(step.title)}</b><p>${esc(step.text)}</p>${
          step.command ? `<pre>${esc(step.command.replaceAll("$OKURU", appUrl))}</pre>` : ""
        }${step.answer ? `<pre>${esc(step.answer)}</pre>` : ""}</li>`,
    )
    .join("");
  const operations = Object.entries<Json>(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ method, path, operation: item[method] })),
  );
  const sections = (document.tags ?? []).map((tag: Json) => {
    const mine = operations.filter(({ operation }) => (operation.tags ?? []).includes(tag.name));
    return `<h2 id="tag-${esc(anchor(tag.name))}">${esc(tag.description)} <span class="opid">${esc(tag.name)}</span></h2>${mine
      .map(({ method, path, operation }) => operationHtml(document, method, path, operation))
      .join("")}`;
  });
  const contents = (document.tags ?? [])
    .map((tag: Json) => `<li><a href="#tag-${esc(anchor(tag.name))}">${esc(tag.description)}</a></li>`)
    .join("");
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(document.info?.title)} リファレンス</title><style>${STYLE}</style></head><body><main>
<h1>${esc(document.info?.title)} リファレンス <span class="opid">${esc(document.info?.version)}</span></h1>
<p>送る（Okuru）の API です。機械で読める定義は <a href="/api/openapi.json">/api/openapi.json</a>（OpenAPI 3.1）にあります。</p>
<h2 id="auth">はじめに: 認証から送り状の発行まで</h2>
<p>アクセストークンでは各操作に書かれたスコープが必要です（足りない場合は 403）。呼び出し回数は認証情報ごとに制限され、超えると 429 と Retry-After を返します。エラーは <code>{ code, message, fields? }</code> で返ります。</p>
<ol>${steps}</ol>
<h2>目次</h2><nav><ul>${contents}</ul></nav>
${sections.join("\n")}
</main></body></html>`;
}
