// Mantine's Tooltip alone, for LaterTooltip to fetch: a dynamic import of the package
// itself would keep every component it exports.
export { Tooltip } from "@mantine/core";
