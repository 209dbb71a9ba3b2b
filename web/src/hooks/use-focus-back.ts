import { useLayoutEffect, useRef } from "react";
import { useOpenableAfterMount } from "../lib/load-later";

/**
 * Gives the focus back, once a Modal or Drawer has closed, to the element that had it when
 * it opened (the row an order was opened from, the button of a form), in place of Mantine's
 * `returnFocus`: spread what it answers onto the dialog, opened as the dialog is.
 *
 * Mantine moves the focus into a dialog from a timer it starts as the dialog's content
 * mounts and never cancels, and gives the focus back only if nothing else has it 10 ms
 * after closing. A dialog closed before that timer ran (Escape pressed at once; a busy
 * browser runs key presses before timers) had the focus pulled into its closing content
 * after the close, so nothing gave it back, and it ended on the page's body. Here the
 * opener is taken as the dialog opens, before anything moves the focus, and the focus goes
 * back to it after that timer, unless the merchant has put it somewhere else meanwhile.
 */
export function useFocusBack(opened: boolean): { returnFocus: false } {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (opened) {
      const active = document.activeElement;
      // Opened with the page (a shared link): there is nothing to go back to.
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      return;
    }
    const target = opener.current;
    opener.current = null;
    if (!target) return;
    const timer = window.setTimeout(() => {
      const active = document.activeElement;
      const leftInDialog = !active || active === document.body || active.closest('[role="dialog"]') !== null;
      if (leftInDialog && target.isConnected) target.focus({ preventScroll: true });
    }, 10);
    return () => window.clearTimeout(timer);
  }, [opened]);
  return { returnFocus: false };
}

/**
 * What a Modal or Drawer `loadLater` gives is spread with: `opened` once it may show open
 * (`requested`, from its second commit unless `atOnce`: useOpenableAfterMount) and the
 * focus given back on closing (useFocusBack).
 */
export function useDialogOpening(
  requested: boolean,
  atOnce = false,
): { opened: boolean; returnFocus: false } {
  const opened = useOpenableAfterMount(atOnce) && requested;
  return { opened, ...useFocusBack(opened) };
}
