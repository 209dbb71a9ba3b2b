import type { Layout } from "./brand";

/**
 * Labels on one sheet of each layout (面付け), in a module without schemas: the order list
 * offers 印刷開始位置 on its first screen, where zod is not loaded.
 */
export const slotsOfLayout: Record<Layout, number> = { "1up": 1, "2up": 2, "4up": 4 };
