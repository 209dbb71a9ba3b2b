import { createTheme, type MantineColorsTuple } from "@mantine/core";

/** 藍 (ai, indigo blue): calm and trustworthy; shade 8 is the traditional #165e83. */
const ai: MantineColorsTuple = [
  "#e9f3f8",
  "#d3e6f0",
  "#a6cde2",
  "#76b2d3",
  "#4f9bc6",
  "#358cbf",
  "#2479ab",
  "#1c6a96",
  "#165e83",
  "#0e4a69",
];

/** The app header's height: toasts open just below it, clear of its ログアウト. */
export const HEADER_HEIGHT = 60;

export const fontFamily =
  '"Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans JP", "Noto Sans CJK JP", "Yu Gothic", YuGothic, Meiryo, system-ui, sans-serif';

export const theme = createTheme({
  primaryColor: "ai",
  primaryShade: { light: 7, dark: 5 },
  colors: { ai },
  fontFamily,
  fontFamilyMonospace: '"SFMono-Regular", Menlo, Consolas, "Noto Sans Mono CJK JP", monospace',
  headings: { fontFamily, fontWeight: "700" },
  defaultRadius: "md",
  cursorType: "pointer",
  // Someone whose system asks for less motion gets dialogs, menus and toasts without animation.
  respectReducedMotion: true,
  components: {
    Button: { defaultProps: { fw: 600 } },
    Paper: { defaultProps: { radius: "md" } },
    Card: { defaultProps: { radius: "md" } },
    Notification: { defaultProps: { radius: "md", withBorder: true } },
    InputWrapper: { styles: { label: { fontWeight: 600, marginBottom: 6 } } },
    // Mantine's default label for the eye button is English.
    PasswordInput: {
      defaultProps: { visibilityToggleButtonProps: { "aria-label": "パスワードの表示を切り替える" } },
    },
  },
});
