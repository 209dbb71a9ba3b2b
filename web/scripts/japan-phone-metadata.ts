import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { MetadataJson } from "libphonenumber-js/core";
import type { Plugin } from "vite";

/**
 * libphonenumber's full ("max") metadata narrowed to Japan's numbering plan. Phone
 * checks need the full metadata (the min set takes 090-1234-567 for a real number),
 * but only Japan's part of it: every check parses with JP as the country and turns
 * away any number that is not Japanese, and without another country's plan such a
 * number simply does not parse. About 1.5 KB gzip instead of about 50 KB.
 */
export function japanOnly(metadata: MetadataJson): MetadataJson {
  const japan = metadata.countries.JP;
  if (!japan) throw new Error("libphonenumber's metadata has no JP entry");
  return {
    ...metadata,
    country_calling_codes: { "81": ["JP"] },
    countries: { JP: japan },
    nonGeographic: {},
  } as MetadataJson;
}

const maxMetadataModule = /libphonenumber-js[\\/]metadata\.max\.json\.js$/;

/** Serves `japanOnly` wherever the browser build would bundle the full metadata (core/src/shared/phone.ts imports libphonenumber-js/max). */
export function japanPhoneMetadata(): Plugin {
  return {
    name: "okuru:japan-phone-metadata",
    apply: "build",
    load(id) {
      if (!maxMetadataModule.test(id)) return null;
      const require = createRequire(import.meta.url);
      const full = JSON.parse(readFileSync(require.resolve("libphonenumber-js/metadata.max.json"), "utf8"));
      return `export default ${JSON.stringify(japanOnly(full))};`;
    },
  };
}
