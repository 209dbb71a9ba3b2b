/**
 * The floors of core (README, "Layers of core"): an import points down a floor or stays on its own,
 * never up; a workflow uses another workflow only through that workflow's index; nothing makes a cycle.
 * `npm test` runs this check (test/core/layers.test.ts).
 */
const floors = [
  { name: "base", path: "^core/src/(util/|shared/|config\\.ts$|error\\.ts$)" },
  { name: "data", path: "^core/src/(db/|actor\\.ts$)" },
  {
    name: "infrastructure",
    path: "^core/src/(files|queue|secret|lease|counter|idempotency|geocoding|rate-limit)/|^core/src/address\\.ts$",
  },
  { name: "carriers and platforms", path: "^core/src/(carriers|platforms)/" },
  { name: "entities", path: "^core/src/entities/" },
  { name: "workflows", path: "^core/src/workflows/" },
];

const upward = floors.slice(0, -1).map((floor, index) => ({
  name: `no-up-from-${floor.name.replace(/ /g, "-")}`,
  comment: `The ${floor.name} floor imports only from its own floor or below.`,
  severity: "error",
  from: { path: floor.path },
  to: { path: floors.slice(index + 1).map((above) => above.path) },
}));

module.exports = {
  forbidden: [
    ...upward,
    {
      name: "no-cycles",
      comment: "A cycle makes two modules one: load order, mocks and reading all get harder.",
      severity: "error",
      // A module's own namespace export (`export * as Order from "./index"`) is no cycle.
      from: { path: "(^core/src/.+)" },
      to: { circular: true, pathNot: "^$1$" },
    },
    {
      name: "no-workflow-internals",
      comment: "A workflow uses another workflow only through the other's index.ts.",
      severity: "error",
      from: { path: "^core/src/workflows/([^/]+)/" },
      to: {
        path: "^core/src/workflows/",
        pathNot: ["^core/src/workflows/$1/", "^core/src/workflows/[^/]+/index\\.ts$"],
      },
    },
    {
      name: "carriers-and-platforms-apart",
      comment: "Carrier formats and platform clients sit side by side and know nothing of each other.",
      severity: "error",
      from: { path: "^core/src/carriers/" },
      to: { path: "^core/src/platforms/" },
    },
    {
      name: "platforms-and-carriers-apart",
      comment: "Carrier formats and platform clients sit side by side and know nothing of each other.",
      severity: "error",
      from: { path: "^core/src/platforms/" },
      to: { path: "^core/src/carriers/" },
    },
    {
      name: "shared-is-browser-safe",
      comment: "core/src/shared is imported by the web: it may use only itself and util.",
      severity: "error",
      from: { path: "^core/src/shared/" },
      to: { path: "^core/src/", pathNot: ["^core/src/shared/", "^core/src/util/"] },
    },
    {
      name: "core-is-not-an-app",
      comment: "core never imports the deployed functions, the web, the stacks or the dev tooling.",
      severity: "error",
      from: { path: "^core/" },
      to: { path: "^(functions|web|stacks|dev)/" },
    },
  ],
  options: {
    includeOnly: "^core/src/",
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
    },
  },
};
