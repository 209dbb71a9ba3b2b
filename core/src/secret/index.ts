export * as Secret from "./index";

import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from "@aws-sdk/client-kms";
import { coreConfig } from "../config";

/**
 * Envelope encryption for what we keep on a merchant's behalf (shop access tokens,
 * carrier passwords, API client secrets). Each value gets its own AES-256-GCM data
 * key; the data key is wrapped by KMS in AWS or by a local master key file. The
 * tenant and purpose are bound in as associated data, so a sealed value copied to
 * another tenant or field does not open.
 *
 * Sealed format: `v1.<provider>.<wrappedKey>.<iv>.<ciphertext>.<tag>` (base64url parts).
 */
export type SecretContext = { tenantId: string; purpose: string };

const VERSION = "v1";

function aad(context: SecretContext): Buffer {
  return Buffer.from(`${context.tenantId}\u0000${context.purpose}`, "utf8");
}

function gcmEncrypt(key: Buffer, plaintext: Buffer, additional: Buffer) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(additional);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, ciphertext, tag: cipher.getAuthTag() };
}

function gcmDecrypt(key: Buffer, iv: Buffer, ciphertext: Buffer, tag: Buffer, additional: Buffer): Buffer {
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAAD(additional);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
}

type KeyWrap = {
  name: "local" | "kms";
  newDataKey(context: SecretContext): Promise<{ plain: Buffer; wrapped: Buffer }>;
  unwrap(wrapped: Buffer, context: SecretContext): Promise<Buffer>;
};

let localMasterKey: Buffer | undefined;
function masterKey(file: string): Buffer {
  if (localMasterKey) return localMasterKey;
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
  }
  const key = Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  if (key.length !== 32) throw new Error(`The master key in ${file} must be 32 bytes (base64)`);
  localMasterKey = key;
  return key;
}

function localWrap(file: string): KeyWrap {
  return {
    name: "local",
    async newDataKey(context) {
      const plain = randomBytes(32);
      const { iv, ciphertext, tag } = gcmEncrypt(masterKey(file), plain, aad(context));
      return { plain, wrapped: Buffer.concat([iv, ciphertext, tag]) };
    },
    async unwrap(wrapped, context) {
      return gcmDecrypt(
        masterKey(file),
        wrapped.subarray(0, 12),
        wrapped.subarray(12, wrapped.length - 16),
        wrapped.subarray(wrapped.length - 16),
        aad(context),
      );
    },
  };
}

let kms: KMSClient | undefined;
function kmsWrap(keyId: string): KeyWrap {
  kms ??= new KMSClient({ region: coreConfig().region });
  const client = kms;
  const encryptionContext = (c: SecretContext) => ({ tenantId: c.tenantId, purpose: c.purpose });
  return {
    name: "kms",
    async newDataKey(context) {
      const out = await client.send(
        new GenerateDataKeyCommand({
          KeyId: keyId,
          KeySpec: "AES_256",
          EncryptionContext: encryptionContext(context),
        }),
      );
      return { plain: Buffer.from(out.Plaintext!), wrapped: Buffer.from(out.CiphertextBlob!) };
    },
    async unwrap(wrapped, context) {
      const out = await client.send(
        new DecryptCommand({ CiphertextBlob: wrapped, EncryptionContext: encryptionContext(context) }),
      );
      return Buffer.from(out.Plaintext!);
    },
  };
}

function keyWrap(): KeyWrap {
  const { secrets } = coreConfig();
  return secrets.kind === "kms" ? kmsWrap(secrets.keyId) : localWrap(secrets.keyFile);
}

export async function seal(plaintext: string, context: SecretContext): Promise<string> {
  const wrap = keyWrap();
  const { plain, wrapped } = await wrap.newDataKey(context);
  const { iv, ciphertext, tag } = gcmEncrypt(plain, Buffer.from(plaintext, "utf8"), aad(context));
  plain.fill(0);
  return [VERSION, wrap.name, wrapped, iv, ciphertext, tag]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

export async function open(sealed: string, context: SecretContext): Promise<string> {
  const parts = sealed.split(".");
  const [version, provider, ...rest] = parts;
  if (parts.length !== 6 || version !== VERSION) throw new Error("Unrecognised sealed secret format");
  const wrap = keyWrap();
  if (provider !== wrap.name)
    throw new Error(`Secret sealed with ${provider}, but ${wrap.name} is configured`);
  const [wrapped, iv, ciphertext, tag] = rest.map((p) => Buffer.from(p, "base64url")) as [
    Buffer,
    Buffer,
    Buffer,
    Buffer,
  ];
  const key = await wrap.unwrap(wrapped, context);
  try {
    return gcmDecrypt(key, iv, ciphertext, tag, aad(context)).toString("utf8");
  } finally {
    key.fill(0);
  }
}
