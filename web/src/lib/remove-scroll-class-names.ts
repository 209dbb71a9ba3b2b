/**
 * `RemoveScroll.classNames` of react-remove-scroll, as Mantine's AppShell header, footer and
 * aside take them (vite.config.ts gives them this module): the class that keeps a fixed bar
 * clear of the scrollbar a dialog hides. For these two strings they brought all of
 * react-remove-scroll (the dialogs' scroll lock, about 3.5 KB gzip) into every signed-in
 * page's first chunk; the dialogs, which come later, keep the real one.
 * test/web/lib/remove-scroll-class-names.test.ts holds them to the package's.
 */
export const RemoveScroll = {
  classNames: {
    fullWidth: "width-before-scroll-bar",
    zeroRight: "right-scroll-bar-position",
  },
} as const;
