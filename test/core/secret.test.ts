import { Secret } from "@okuru/core/secret";
import { describe, expect, it } from "vitest";

/** Node's message when an AES-GCM tag does not verify. */
const authenticationFailed = /unable to authenticate data/;

describe("Secret (envelope encryption at rest)", () => {
  const context = { tenantId: "com_A", purpose: "shopify.access_token" };

  it("opens what it sealed, and never stores the plaintext", async () => {
    const sealed = await Secret.seal("shpat_1234567890abcdef", context);
    expect(sealed).not.toContain("shpat_");
    expect(sealed.startsWith("v1.local.")).toBe(true);
    expect(await Secret.open(sealed, context)).toBe("shpat_1234567890abcdef");
  });

  it("seals the same value differently each time (fresh data key and IV)", async () => {
    const [a, b] = await Promise.all([Secret.seal("same", context), Secret.seal("same", context)]);
    expect(a).not.toBe(b);
  });

  it("does not open for another tenant or another purpose", async () => {
    const sealed = await Secret.seal("パスワード", context);
    // AES-GCM refuses: the tenant and purpose are bound in as associated data.
    await expect(Secret.open(sealed, { ...context, tenantId: "com_B" })).rejects.toThrow(
      authenticationFailed,
    );
    await expect(Secret.open(sealed, { ...context, purpose: "yamato.password" })).rejects.toThrow(
      authenticationFailed,
    );
  });

  it("detects tampering with the ciphertext", async () => {
    const sealed = await Secret.seal("secret", context);
    const parts = sealed.split(".");
    const ciphertext = Buffer.from(parts[4]!, "base64url");
    ciphertext[0] = (ciphertext[0] ?? 0) ^ 0xff;
    parts[4] = ciphertext.toString("base64url");
    await expect(Secret.open(parts.join("."), context)).rejects.toThrow(authenticationFailed);
  });
});
