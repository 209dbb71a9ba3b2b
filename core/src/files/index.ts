export * as Files from "./index";

import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { useTenantID } from "../actor";
import { clientOptions, coreConfig, withoutCallLogging } from "../config";

/**
 * Files the product makes for a merchant (carrier hand-off files, label PDFs), in the
 * one bucket under the tenant's own prefix, handed out as short-lived presigned URLs:
 * the bucket stays private and a URL opens exactly one file of one company.
 */

let s3: S3Client | undefined;
const client = () =>
  (s3 ??= withoutCallLogging(
    new S3Client({ ...clientOptions(coreConfig().endpoints.s3), forcePathStyle: true }),
  ));

/** Forgets the client, for tests and dev runners that start the stand-in after import. */
export function resetClient() {
  s3 = undefined;
}

export const DOWNLOAD_URL_SECONDS = 15 * 60;

/** `<tenant>/<kind>/<id>/<name>`: every key starts with the tenant, so no path leads into another company's files. */
export function keyFor(kind: "exports" | "labels" | "imports", id: string, name: string): string {
  if (!/^[\w.-]+$/.test(name) || !/^[\w-]+$/.test(id))
    throw new RangeError(`unsafe file key part: ${id}/${name}`);
  return `${useTenantID()}/${kind}/${id}/${name}`;
}

export async function put(key: string, body: Uint8Array, contentType: string): Promise<void> {
  await client().send(
    new PutObjectCommand({ Bucket: coreConfig().bucketName, Key: key, Body: body, ContentType: contentType }),
  );
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
  if (!key.startsWith(`${useTenantID()}/`)) throw new RangeError("a file of another company");
  return getSignedUrl(
    client(),
    new GetObjectCommand({
      Bucket: coreConfig().bucketName,
      Key: key,
      ResponseContentDisposition: `${options.inline ? "inline" : "attachment"}; filename="${filename}"`,
    }),
    { expiresIn: DOWNLOAD_URL_SECONDS },
  );
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
  return getSignedUrl(
    client(),
    new PutObjectCommand({ Bucket: coreConfig().bucketName, Key: ownKey(key), ContentLength: contentLength }),
    { expiresIn: UPLOAD_URL_SECONDS },
  );
}

/** The size in bytes of one of the tenant's files, or undefined when there is none. */
export async function sizeOf(key: string): Promise<number | undefined> {
  try {
    const head = await client().send(
      new HeadObjectCommand({ Bucket: coreConfig().bucketName, Key: ownKey(key) }),
    );
    return head.ContentLength ?? 0;
  } catch (err) {
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (err as { name?: string }).name === "NotFound") return undefined;
    throw err;
  }
}

/** The bytes of one of the tenant's files (check its size with sizeOf first). */
export async function read(key: string): Promise<Uint8Array> {
  const object = await client().send(
    new GetObjectCommand({ Bucket: coreConfig().bucketName, Key: ownKey(key) }),
  );
  return object.Body!.transformToByteArray();
}

/** Deletes one of the tenant's files (a file already gone is not an error: S3 answers the same). */
export async function remove(key: string): Promise<void> {
  await client().send(new DeleteObjectCommand({ Bucket: coreConfig().bucketName, Key: ownKey(key) }));
}
