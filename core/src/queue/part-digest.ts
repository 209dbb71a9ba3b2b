import { createHash } from "node:crypto";

/**
 * The ids one part of a job carries, as the job keeps them to check its messages by:
 * in the message's order, 128 bits of SHA-256, so a job of twenty-one parts keeps a few
 * hundred bytes and a message naming other ids (or the same ids in another part) is told apart.
 */
export function partDigest(ids: readonly string[]): string {
  return createHash("sha256").update(JSON.stringify(ids)).digest("base64url").slice(0, 22);
}
