export * as Files from "./index";

import { AwsClient } from "aws4fetch";
import { useTenantID } from "../actor";
import { coreConfig } from "../config";

/**
 * Files the product makes for a merchant (carrier hand-off files, label PDFs), in the
 * one bucket under the tenant's own prefix, handed out as short-lived presigned URLs:
 * the bucket stays private and a URL opens exactly one file of one company.
 *
 * S3 is reached by signed fetches (aws4fetch: Signature V4 for fetch, presigning
 * included) rather than the SDK's S3 client: six plain object calls do not need the
 * client's 165 kB of protocol code in every function, the API's cold start above all.
 */

let signer: AwsClient | undefined;
const client = () => {
  if (signer) return signer;
  const { region, endpoints, roleCredentials } = coreConfig();
  // s3rver takes only its own keys; in AWS the function's role signs.
  const credentials = endpoints.s3 ? { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } : roleCredentials;
  if (!credentials) throw new Error("AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not set");
  // A 5xx or 429 is tried again twice (the SDK's standard mode tries three times in all).
  signer = new AwsClient({ ...credentials, service: "s3", region, retries: 2 });
  return signer;
};

/** Forgets the client, for tests and dev runners that start the stand-in after import. */
export function resetClient() {
  signer = undefined;
}

/** The object's URL: path-style on the stand-in, the bucket's regional host in AWS. */
function objectUrl(key: string): URL {
  const { region, bucketName, endpoints } = coreConfig();
  const path = key.split("/").map(encodeURIComponent).join("/");
  return endpoints.s3
    ? new URL(`${endpoints.s3.replace(/\/$/, "")}/${bucketName}/${path}`)
    : new URL(`https://${bucketName}.s3.${region}.amazonaws.com/${path}`);
}

/** An S3 answer other than success, named by its status and S3's error code (`NoSuchBucket`, …). */
class FileStoreError extends Error {
  constructor(
    operation: string,
    readonly status: number,
    body: string,
  ) {
    const code = /<Code>([^<]{1,100})<\/Code>/.exec(body)?.[1];
    super(`S3 ${operation} answered ${status}${code ? ` ${code}` : ""}`);
    this.name = "FileStoreError";
  }
}

async function call(operation: string, key: string, init: RequestInit): Promise<Response> {
  const answer = await client().fetch(objectUrl(key), init);
  if (!answer.ok && !(operation === "HEAD" && answer.status === 404)) {
    throw new FileStoreError(operation, answer.status, await answer.text());
  }
  return answer;
}

/** A presigned URL: the query carries the signature, valid for `seconds`. */
async function presign(url: URL, method: "GET" | "PUT", seconds: number, headers?: Record<string, string>) {
  url.searchParams.set("X-Amz-Expires", String(seconds));
  const signed = await client().sign(url, {
    method,
    headers,
    // The length of an upload is signed too, so S3 takes exactly that many bytes.
    aws: { signQuery: true, allHeaders: Boolean(headers) },
  });
  return signed.url;
}

export const DOWNLOAD_URL_SECONDS = 15 * 60;

/** `<tenant>/<kind>/<id>/<name>`: every key starts with the tenant, so no path leads into another company's files. */
export function keyFor(kind: "exports" | "labels" | "imports", id: string, name: string): string {
  if (!/^[\w.-]+$/.test(name) || !/^[\w-]+$/.test(id))
    throw new RangeError(`unsafe file key part: ${id}/${name}`);
  return `${useTenantID()}/${kind}/${id}/${name}`;
}

export async function put(key: string, body: Uint8Array, contentType: string): Promise<void> {
  // A copy typed as fetch's body wants it (the DOM lib takes only ArrayBuffer-backed views).
  const answer = await call("PUT", key, {
    method: "PUT",
    body: new Uint8Array(body),
    headers: { "Content-Type": contentType },
  });
  // Read to its end so the connection goes back to the pool.
  await answer.arrayBuffer();
}

/**
 * A URL to the file for the next quarter hour: downloaded under `filename`, or shown
 * in the browser (`inline`: label PDFs open in the viewer, ready to print).
 */
export function downloadUrl(
  key: string,
  filename: string,
  options: { inline?: boolean } = {},
): Promise<string> {
  const url = objectUrl(ownKey(key));
  url.searchParams.set(
    "response-content-disposition",
    `${options.inline ? "inline" : "attachment"}; filename="${filename}"`,
  );
  return presign(url, "GET", DOWNLOAD_URL_SECONDS);
}

/** A key of the tenant's own files, or a RangeError: no helper opens another company's file. */
function ownKey(key: string): string {
  if (!key.startsWith(`${useTenantID()}/`)) throw new RangeError("a file of another company");
  return key;
}

export const UPLOAD_URL_SECONDS = 15 * 60;

/**
 * A URL the browser PUTs one file to, for files too large for a JSON body (carrier
 * issued-data imports). The length is signed, so S3 takes exactly that many bytes and
 * no more. The bucket's CORS rule must allow the site's PUT.
 */
export function uploadUrl(key: string, contentLength: number): Promise<string> {
  return presign(objectUrl(ownKey(key)), "PUT", UPLOAD_URL_SECONDS, {
    "Content-Length": String(contentLength),
  });
}

/** The size in bytes of one of the tenant's files, or undefined when there is none. */
export async function sizeOf(key: string): Promise<number | undefined> {
  const answer = await call("HEAD", ownKey(key), { method: "HEAD" });
  if (answer.status === 404) return undefined;
  return Number(answer.headers.get("content-length") ?? 0);
}

/** The bytes of one of the tenant's files (check its size with sizeOf first). */
export async function read(key: string): Promise<Uint8Array> {
  const answer = await call("GET", ownKey(key), { method: "GET" });
  return new Uint8Array(await answer.arrayBuffer());
}

/** Deletes one of the tenant's files (a file already gone is not an error: S3 answers the same). */
export async function remove(key: string): Promise<void> {
  // Read to its end so the connection goes back to the pool.
  await (await call("DELETE", ownKey(key), { method: "DELETE" })).arrayBuffer();
}
