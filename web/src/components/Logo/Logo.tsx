import { Group, Text } from "@mantine/core";
import classes from "./Logo.module.css";

const sizes = {
  sm: { mark: 28, word: 18, kana: 12, gap: 8 },
  md: { mark: 34, word: 22, kana: 13, gap: 10 },
  lg: { mark: 44, word: 28, kana: 15, gap: 12 },
} as const;

/** A parcel on its way: the mark, then the wordmark "Okuru" with 送る. */
export function LogoMark({ size = 34 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" className={classes.mark}>
      <rect width="40" height="40" rx="10" fill="var(--mantine-primary-color-filled)" />
      <g stroke="#fff" strokeWidth="2.4" strokeLinecap="round">
        <line x1="6.5" y1="16" x2="11" y2="16" />
        <line x1="8.5" y1="21" x2="12" y2="21" />
        <line x1="6.5" y1="26" x2="11" y2="26" />
      </g>
      <rect x="14.5" y="11.5" width="19" height="17" rx="2.5" fill="#fff" />
      <rect x="21.5" y="11.5" width="5" height="6.5" fill="var(--mantine-primary-color-light)" />
    </svg>
  );
}

export function Logo({ size = "md" }: { size?: keyof typeof sizes }) {
  const s = sizes[size];
  return (
    <Group gap={s.gap} wrap="nowrap" className={classes.logo} role="img" aria-label="Okuru 送る">
      <LogoMark size={s.mark} />
      <Group gap={6} align="baseline" wrap="nowrap">
        <Text component="span" fz={s.word} className={classes.word}>
          Okuru
        </Text>
        <Text component="span" fz={s.kana} c="dimmed" className={classes.kana}>
          送る
        </Text>
      </Group>
    </Group>
  );
}
