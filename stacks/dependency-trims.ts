import { readFile } from "node:fs/promises";
import type { EsbuildPlugin } from "./module-files";

/** A dependency module replaced in function bundles: what it costs, why our code never needs it. */
type Trim = {
  module: RegExp;
  why: string;
  /** The module's new text, from its original; throws when the original is not what the trim expects. */
  contents(original: string): string;
};

/** A trim that drops the whole module for `contents`. */
const replaceWith = (contents: string) => () => contents;

/**
 * A trim that edits one passage; an upgrade of the package that changes the passage fails the build
 * rather than quietly undoing the trim or breaking the module.
 */
const edit = (passage: string, replacement: string) => (original: string) => {
  if (!original.includes(passage)) throw new Error(`the passage to replace is gone: ${passage}`);
  return original.replace(passage, replacement);
};

const EXPORT_DEFAULT = "export default ";

export const trims: Trim[] = [
  {
    module: /[\\/]node_modules[\\/]electrodb[\\/]src[\\/]entity\.js$/,
    why:
      "Every Entity checks its model against ElectroDB's JSON schema when built, and every function builds " +
      "all of ours at import: a fifth of a cold start's CPU, spent proving the same constant models. The " +
      "tests build them from source, unbundled, so a bad model still fails there.",
    contents: edit(
      "_validateModel(model) {\n    return validations.model(model);",
      "_validateModel(model) {",
    ),
  },
  {
    module: /[\\/]node_modules[\\/]jsonschema[\\/]lib[\\/]index\.js$/,
    why:
      "ElectroDB's JSON-schema checker (30 kB) serves only the model check skipped above and the test " +
      "whether a Service member is a raw model rather than an Entity; ours are all Entities " +
      "(core/src/entities/service.ts), which that test answers by its failing, as it does here.",
    contents: (original) => {
      if (!original.includes("Validator")) throw new Error("jsonschema no longer exports a Validator");
      return [
        "class Validator {",
        "  addSchema() {}",
        '  validate() { return { errors: [{ property: "instance", message: "not checked in bundles (stacks/dependency-trims.ts)" }] }; }',
        "}",
        "Validator.prototype.customFormats = {};",
        "module.exports = { Validator };",
      ].join("\n");
    },
  },
  {
    module:
      /[\\/]node_modules[\\/]@aws-sdk[\\/]credential-provider-node[\\/]dist-es[\\/]defaultProvider\.js$/,
    why:
      "The SDK's credential chain tries SSO, profiles, credential processes, web identity and the " +
      "instance metadata service after the environment, and brings an STS and SSO client for them " +
      "(100 kB). Lambda hands every function its role's credentials in the environment, so in a " +
      "function bundle the chain is the environment alone. Local runs (from source) keep the full chain.",
    contents: (original) => {
      const helpers =
        original.match(/^export const credentials(WillNeedRefresh|TreatedAsExpired) = .*$/gm) ?? [];
      if (
        !original.includes(
          'import { ENV_KEY, ENV_SECRET, fromEnv } from "@aws-sdk/credential-provider-env";',
        ) ||
        helpers.length !== 2
      )
        throw new Error("the default provider no longer has the shape this trim expects");
      return [
        'import { fromEnv } from "@aws-sdk/credential-provider-env";',
        "export const defaultProvider = (init = {}) => fromEnv(init);",
        ...helpers,
      ].join("\n");
    },
  },
  {
    module: /[\\/]node_modules[\\/]libphonenumber-js[\\/]metadata\.max\.json\.js$/,
    why:
      "The full numbering plans of every country (150 kB); the app keeps only Japanese numbers " +
      "(core/src/shared/phone.ts), and a number of any other country fails to parse as it failed the " +
      "JP check before.",
    contents: (original) => {
      if (!original.includes(EXPORT_DEFAULT)) throw new Error("the metadata is no longer a default export");
      const metadata = JSON.parse(original.slice(original.indexOf(EXPORT_DEFAULT) + EXPORT_DEFAULT.length));
      if (!metadata.countries.JP) throw new Error("the metadata has no JP plan");
      const japanOnly = {
        ...metadata,
        country_calling_codes: { 81: ["JP"] },
        countries: { JP: metadata.countries.JP },
        nonGeographic: {},
      };
      return `${EXPORT_DEFAULT}${JSON.stringify(japanOnly)}`;
    },
  },
  {
    module: /[\\/]node_modules[\\/]brotli[\\/]decompress\.js$/,
    why:
      "fontkit decompresses WOFF2 fonts with a brotli decoder in JavaScript whose dictionary (half a " +
      "megabyte) is decoded at import; the label font is TrueType, and Node's own brotli gives the same bytes.",
    contents: replaceWith(
      'import { brotliDecompressSync } from "node:zlib";\nexport default (buffer) => brotliDecompressSync(buffer);',
    ),
  },
  {
    module: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/,
    why:
      "Zod's messages in fifty languages (200 kB); the app sets Japanese (core/src/shared/zod.ts), and " +
      "Zod imports its English default itself.",
    contents: replaceWith('export { default as ja } from "./ja.js";'),
  },
  {
    module:
      /[\\/]node_modules[\\/]iconv-lite[\\/]encodings[\\/]tables[\\/](cp936|gbk-added|gb18030-ranges|cp949|cp950|big5-added|eucjp)\.json$/,
    why:
      "Carrier files are CP932, the only code page the code asks iconv-lite for; its Chinese, Korean and " +
      "EUC-JP tables (230 kB) are loaded only for those encodings.",
    contents: replaceWith(
      'throw new Error("iconv-lite: this code page is not bundled (stacks/dependency-trims.ts)");',
    ),
  },
  {
    module: /[\\/]node_modules[\\/]iconv-lite[\\/]encodings[\\/]sbcs-data-generated\.js$/,
    why: "iconv-lite's single-byte code pages (ISO-8859-*, Windows-125*, 30 kB), which no carrier file uses.",
    contents: replaceWith("module.exports = {};"),
  },
  {
    module: /[\\/]node_modules[\\/]@aws-lambda-powertools[\\/]jmespath[\\/]lib[\\/]esm[\\/]index\.js$/,
    why:
      "Powertools' idempotency finds the key and the payload it checks with JMESPath; ours are plain " +
      "top-level names (`key`, `request`: core/src/idempotency), so the whole expression engine (25 kB) " +
      "becomes a lookup of dotted names, and any other expression is refused at its first use.",
    contents: (original) => {
      if (!original.includes("export { search } from './search.js';"))
        throw new Error("jmespath no longer exports search from search.js");
      return [
        "export const search = (expression, data) => {",
        "  if (!/^[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(expression))",
        '    throw new Error("JMESPath expression not bundled: " + expression + " (stacks/dependency-trims.ts)");',
        '  return expression.split(".").reduce((value, name) => (value == null ? null : (value[name] ?? null)), data);',
        "};",
      ].join("\n");
    },
  },
  {
    module:
      /[\\/]node_modules[\\/]@aws-lambda-powertools[\\/]jmespath[\\/]lib[\\/]esm[\\/]PowertoolsFunctions\.js$/,
    why: "The custom JMESPath functions of the engine trimmed above; only their class is named by the idempotency config.",
    contents: (original) => {
      if (!original.includes("class PowertoolsFunctions")) throw new Error("PowertoolsFunctions is gone");
      return "export class PowertoolsFunctions {}";
    },
  },
];

/** Applies `trims` to a function bundle. */
export const dependencyTrims: EsbuildPlugin = {
  name: "dependency-trims",
  setup(build) {
    for (const trim of trims) {
      build.onLoad({ filter: trim.module }, async ({ path }) => {
        try {
          return { contents: trim.contents(await readFile(path, "utf8")), loader: "js" };
        } catch (error) {
          return {
            errors: [
              {
                text: `dependency trim of ${path} no longer applies (${error}). Why it was trimmed: ${trim.why}`,
              },
            ],
          };
        }
      });
    }
  },
};
