import type { TooltipProps } from "@mantine/core";
import { useMergedRef } from "@mantine/hooks";
import {
  cloneElement,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
  type RefObject,
  Suspense,
  useRef,
} from "react";
import { loadLater, type StandInHandoff, useStandIn, useTakeHandoff } from "../../lib/load-later";

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
      <TooltipTakingHandoff {...props} handoff={handoff} element={element}>
        {cloneElement(child, { ref })}
      </TooltipTakingHandoff>
    </Suspense>
  );
}

/**
 * The Tooltip as it wraps the child, which takes the focus the one drawn alone had. Not the
 * click: that was the child's own, and has done what it does.
 */
function TooltipTakingHandoff({
  handoff,
  element,
  ...props
}: TooltipProps & { handoff: StandInHandoff; element: RefObject<HTMLElement | null> }) {
  useTakeHandoff(() => element.current, { focused: handoff.focused, clicked: false });
  return <tooltip.Component {...props} />;
}
