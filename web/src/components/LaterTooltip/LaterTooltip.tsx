import type { TooltipProps } from "@mantine/core";
import { useMergedRef } from "@mantine/hooks";
import {
  cloneElement,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
  Suspense,
  useEffect,
  useRef,
} from "react";
import { loadLater, useStandIn } from "../../lib/load-later";

const tooltip = loadLater<TooltipProps>(() => import("./tooltip-part").then((module) => module.Tooltip));

type ChildProps = {
  ref?: Ref<HTMLElement>;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
};

/**
 * Mantine's Tooltip around `children`, from when its code has come (fetched when the browser
 * is idle once the screen is drawn): a tooltip is read on hovering, never on the first
 * paint, and its code (floating-ui's positioning, about 14 KB gzip) would otherwise come
 * with the settings tabs' first screens. Until then the child is drawn alone.
 *
 * Wrapped, the child is drawn anew: the swap waits for a press on it to end (a button
 * replaced between its mousedown and mouseup gets no click), and the new one takes the focus
 * the old one had, so a merchant tabbing along the row keeps their place.
 */
export function LaterTooltip({ children, ...props }: TooltipProps) {
  const { ready, handoff, standInProps } = useStandIn(tooltip);
  const child = children as ReactElement<ChildProps>;
  const element = useRef<HTMLElement>(null);
  const ref = useMergedRef(element, child.props.ref);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the wrapped child replaces the one drawn alone
  useEffect(() => {
    if (ready && handoff.focused) element.current?.focus();
  }, [ready]);
  if (!ready) {
    const own = child.props;
    return cloneElement(child, {
      ref,
      onPointerDown: (event) => {
        own.onPointerDown?.(event);
        standInProps.onPointerDown();
      },
      onFocus: (event) => {
        own.onFocus?.(event);
        standInProps.onFocus();
      },
      onBlur: (event) => {
        own.onBlur?.(event);
        standInProps.onBlur();
      },
    });
  }
  return (
    <Suspense fallback={children}>
      <tooltip.Component {...props}>{cloneElement(child, { ref })}</tooltip.Component>
    </Suspense>
  );
}
