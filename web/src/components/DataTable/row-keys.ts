import type { KeyboardEvent } from "react";

/**
 * A list row that opens something (a click is the row's own onClick), reachable without
 * a mouse: the row takes focus, Enter or Space opens it, and the arrow keys move to the
 * row above or below. Keys pressed on a control inside the row (its checkbox, a menu)
 * stay that control's.
 */
export function rowOpenProps(open: () => void) {
  return {
    tabIndex: 0,
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.target !== event.currentTarget) return;
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        open();
        return;
      }
      const next =
        event.key === "ArrowDown"
          ? event.currentTarget.nextElementSibling
          : event.key === "ArrowUp"
            ? event.currentTarget.previousElementSibling
            : null;
      if (next instanceof HTMLElement && next.tabIndex >= 0) {
        event.preventDefault();
        next.focus();
      }
    },
  };
}
