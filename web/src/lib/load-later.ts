import { type ComponentType, createElement, lazy, Suspense, useEffect, useState } from "react";

/**
 * A component the first screen does not show (a drawer, a dialog), kept out of the
 * screen's first chunks: fetched when first drawn, or before that by `prefetch` (on
 * idle once the screen is up, or as soon as a route knows it will be drawn), so that
 * opening it does not wait for the network. Drawn once its code is here, it draws at
 * once, without suspending: a part that stands in for it until then (a filter's field, a
 * menu's button) is replaced in the same paint, not after a frame of its fallback.
 */
export function loadLater<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const code = fetchOnce(load);
  const Lazy = lazy(async () => ({ default: await code.fetch() }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once for each part, at module level, as `Lazy` is
  function Component(props: Props) {
    // Chosen once for each drawn instance: turning from the lazy one to the loaded one would remount it.
    const [Drawn] = useState<ComponentType<Props>>(() => code.value ?? Lazy);
    return createElement(Drawn, props);
  }
  return { Component, prefetch: code.fetch, isLoaded: () => code.value !== undefined };
}

/**
 * `load` run once for everyone who asks (a part's code, a form's schema), its value kept once
 * it has come. A failed fetch (a deploy replaced the chunk, the line dropped) is not kept:
 * the next ask (drawing the part, checking the form) tries again.
 */
export function fetchOnce<T>(load: () => Promise<T>): {
  fetch: () => Promise<T>;
  readonly value: T | undefined;
} {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    fetch: () =>
      (loading ??= load().then(
        (loaded) => {
          value = loaded;
          return loaded;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    get value() {
      return value;
    },
  };
}

let firstScreenDrawn = false;
const waitingForFirstScreen: Array<() => void> = [];

/**
 * Called by the router once its first screen is drawn (router.tsx). Until then, the browser
 * is idle only between the chunks and answers that screen waits for, and a fetch started in
 * such a gap competes with them for a slow line.
 */
export function markFirstScreenDrawn(): void {
  if (firstScreenDrawn) return;
  firstScreenDrawn = true;
  for (const run of waitingForFirstScreen.splice(0)) run();
}

/** Runs `run` once the first screen is drawn (at once if it is), when the browser is next idle. */
export function afterFirstScreen(run: () => Promise<unknown>): void {
  const whenIdle = () => {
    prefetchWhenIdle(run);
  };
  if (firstScreenDrawn) whenIdle();
  else waitingForFirstScreen.push(whenIdle);
}

/**
 * Runs `fetches` once the browser has nothing else to do (drawing the screen comes first),
 * or after a second at the latest: a list that polls is seldom idle, and a merchant opens
 * an order within seconds.
 */
export function prefetchWhenIdle(...fetches: Array<() => Promise<unknown>>): () => void {
  const run = () => {
    for (const fetch of fetches) fetch().catch(() => undefined);
  };
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(run, { timeout: 1000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 500);
  return () => window.clearTimeout(id);
}

/**
 * Whether to draw a part `loadLater` gives: from when its code has come (fetched when the
 * browser is idle), so that it is there, closed, before it first opens, as it would be had
 * it come with the screen; or at once when it is `needed` before that (it is then fetched
 * as it is drawn). A part drawn only on opening would mount open and skip its transition.
 */
export function useDrawnLater(
  part: { prefetch: () => Promise<unknown>; isLoaded: () => boolean },
  needed: boolean,
): boolean {
  const [drawn, setDrawn] = useState(() => needed || part.isLoaded());
  if (needed && !drawn) setDrawn(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fetched once, when the screen is up
  useEffect(() => prefetchWhenIdle(() => part.prefetch().then(() => setDrawn(true))), []);
  return drawn;
}

/**
 * A part `loadLater` gives (a dialog, a drawer), with `props`, from when `useDrawnLater` says:
 * closed once its code has come, or at once when it is `needed` (opened before then).
 */
export function DrawnLater<Props extends object>({
  part,
  needed,
  ...props
}: { part: ReturnType<typeof loadLater<Props>>; needed: boolean } & Props) {
  const drawn = useDrawnLater(part, needed);
  if (!drawn) return null;
  return createElement(
    Suspense,
    { fallback: null },
    createElement(part.Component, props as unknown as Props),
  );
}

/**
 * For a drawer or dialog `loadLater` gives that may be drawn already open (it was opened
 * before its code came): whether it may show open yet. Drawn closed first and opened in the
 * next commit, it keeps the element to give the focus back to on closing (useFocusBack),
 * and Mantine plays its transition. `atOnce` (opened with the page, by its URL) shows it
 * open from the start.
 */
export function useOpenableAfterMount(atOnce: boolean): boolean {
  const [openable, setOpenable] = useState(atOnce);
  useEffect(() => setOpenable(true), []);
  return openable;
}

/** What a stand-in was given before the part it stands in for came: the focus, a click. */
export interface StandInHandoff {
  focused: boolean;
  clicked: boolean;
}

/** What goes on a stand-in's button (useStandIn): how the merchant reaches it. */
export interface StandInProps {
  onPointerDown: () => void;
  onFocus: () => void;
  onBlur: () => void;
  onClick: () => void;
}

/**
 * For a part `loadLater` gives whose button is on the screen (a menu's, a popover's): until
 * its code has come (fetched when the browser is idle), the same button stands in for it;
 * `standInProps` go on that button. Reached before then, the part is fetched at once, and
 * `handoff` says what to give it as it replaces the stand-in: the focus (the stand-in's is
 * lost with it), and the opening a click asked for. A stand-in that tells its own hand-off
 * (a row of fields) calls `fetch` itself.
 *
 * A pressed stand-in is not replaced until the press ends: the code often comes while the
 * button is held (pressing focuses it, and the focus fetches), and a button swapped between
 * its mousedown and mouseup gets no click at all, so the menu would not open.
 */
export function useStandIn(part: { prefetch: () => Promise<unknown>; isLoaded: () => boolean }) {
  const [loaded, setLoaded] = useState(part.isLoaded);
  const [pressed, setPressed] = useState(false);
  const [handoff, setHandoff] = useState<StandInHandoff>({ focused: false, clicked: false });
  const fetch = () =>
    part
      .prefetch()
      .then(() => setLoaded(true))
      .catch(() => undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fetched once, when the screen is up
  useEffect(() => prefetchWhenIdle(fetch), []);
  useEffect(() => {
    if (!pressed) return;
    // A press released off the button gets no click: the stand-in may go once it is over.
    // After the release's own task, in which the click (when there is one) is dispatched.
    let releasing: number | undefined;
    const release = () => {
      releasing = window.setTimeout(() => setPressed(false), 0);
    };
    window.addEventListener("pointerup", release, true);
    window.addEventListener("pointercancel", release, true);
    return () => {
      window.removeEventListener("pointerup", release, true);
      window.removeEventListener("pointercancel", release, true);
      window.clearTimeout(releasing);
    };
  }, [pressed]);
  const standInProps: StandInProps = {
    onPointerDown: () => {
      setPressed(true);
      void fetch();
    },
    onFocus: () => {
      setHandoff((previous) => ({ ...previous, focused: true }));
      void fetch();
    },
    onBlur: () => setHandoff((previous) => ({ ...previous, focused: false })),
    onClick: () => {
      setHandoff({ focused: true, clicked: true });
      setPressed(false);
      void fetch();
    },
  };
  return { ready: loaded && !pressed, handoff, standInProps, fetch };
}

/**
 * As a field replaces its stand-in (once, on mount): gives it the focus the stand-in had and
 * the click it got. The click goes once this commit is done: dispatched while React is still
 * drawing the field, it opened nothing.
 */
export function useTakeHandoff(target: () => HTMLElement | null | undefined, handoff: StandInHandoff): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the field replaces the stand-in
  useEffect(() => {
    const element = target();
    if (handoff.focused || handoff.clicked) element?.focus();
    if (!handoff.clicked) return;
    const opening = window.setTimeout(() => element?.click(), 0);
    return () => window.clearTimeout(opening);
  }, []);
}
