import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type MetadataJson, parsePhoneNumberFromString } from "libphonenumber-js/core";
import { describe, expect, it } from "vitest";
import { japanOnly, japanPhoneMetadata } from "../../../web/scripts/japan-phone-metadata";

const require = createRequire(import.meta.url);
const full: MetadataJson = JSON.parse(
  readFileSync(require.resolve("libphonenumber-js/metadata.max.json"), "utf8"),
);
const japan = japanOnly(full);

/** What core/src/shared/phone.ts reads of a parse: the country, the validity and the national form. */
function judged(input: string, metadata: MetadataJson) {
  const phone = parsePhoneNumberFromString(input, "JP", metadata);
  if (phone?.country !== "JP" || !phone.isValid()) return undefined;
  return phone.formatNational();
}

describe("the browser's phone metadata (Japan only)", () => {
  it.each([
    ["090-1234-5678"],
    ["０９０－１２３４－５６７８"],
    ["090-1234-567"],
    ["03-1234-5678"],
    ["075-123-4567"],
    ["0120-123-456"],
    ["050-1234-5678"],
    ["+81 90 1234 5678"],
    ["+1 202 555 0143"],
    ["+44 20 7946 0958"],
    ["0000-00-0000"],
    ["12345"],
  ])("judges %s as the full metadata does", (input) => {
    expect(judged(input, japan)).toBe(judged(input, full));
  });

  it("is a small part of the full metadata", () => {
    expect(JSON.stringify(japan).length).toBeLessThan(6_000);
    expect(JSON.stringify(full).length).toBeGreaterThan(100_000);
  });

  it("replaces only libphonenumber's max metadata module in the build", () => {
    const plugin = japanPhoneMetadata();
    const load = plugin.load as (id: string) => string | null;
    const served = load(`${require.resolve("libphonenumber-js/metadata.max.json")}.js`);
    expect(served).toMatch(/^export default /);
    expect(JSON.parse(served!.replace(/^export default /, "").replace(/;$/, ""))).toEqual(japan);
    expect(load(`${require.resolve("libphonenumber-js/metadata.min.json")}.js`)).toBeNull();
  });
});
