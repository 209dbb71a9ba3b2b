import type { TooltipProps } from "@mantine/core";
import { Suspense } from "react";
import { loadLater, useStandIn } from "../../lib/load-later";

const tooltip = loadLater<TooltipProps>(() => import("./tooltip-part").then((module) => module.Tooltip));

/**
 * Mantine's Tooltip around `children`, from when its code has come (fetched when the browser
 * is idle once the screen is drawn): a tooltip is read on hovering, never on the first
 * paint, and its code (floating-ui's positioning, about 14 KB gzip) would otherwise come
 * with the settings tabs' first screens. Until then the child is drawn alone.
 */
export function LaterTooltip({ children, ...props }: TooltipProps) {
  const { ready } = useStandIn(tooltip);
  if (!ready) return children;
  return (
    <Suspense fallback={children}>
      <tooltip.Component {...props}>{children}</tooltip.Component>
    </Suspense>
  );
}
