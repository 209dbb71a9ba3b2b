import { Popover, SimpleGrid, Text, UnstyledButton } from "@mantine/core";
import { useState } from "react";
import classes from "./StartPosition.module.css";
import { StartPositionButton } from "./StartPositionButton";
import { type StartPosition, useStartPosition } from "./start-position";

export { type StartPosition, useStartPosition };

/**
 * The sheet's labels as buttons laid out as they print (4面: two by two, 2面: one above the
 * other), the chosen one pressed. Nothing is shown for 1面 paper.
 */
export function StartPositionPicker({
  start,
  disabled,
  defaultOpened = false,
  autoFocus,
}: {
  start: StartPosition;
  disabled?: boolean;
  /** Open as it is drawn: its stand-in (StartPositionButton) was clicked before it came. */
  defaultOpened?: boolean;
  autoFocus?: boolean;
}) {
  const [opened, setOpened] = useState(defaultOpened);
  if (start.slots <= 1) return null;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" withArrow trapFocus>
      <Popover.Target>
        <StartPositionButton
          position={start.position}
          disabled={disabled}
          autoFocus={autoFocus}
          onClick={() => setOpened((open) => !open)}
        />
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" fw={600} id="start-position-title">
          印刷開始位置
        </Text>
        <Text size="xs" c="dimmed" mb="xs">
          使いかけの用紙の、最初に印刷する位置
        </Text>
        <SimpleGrid
          cols={start.slots === 4 ? 2 : 1}
          spacing={4}
          className={classes.sheet}
          role="radiogroup"
          aria-labelledby="start-position-title"
        >
          {Array.from({ length: start.slots }, (_, i) => i + 1).map((slot) => (
            <UnstyledButton
              key={slot}
              role="radio"
              aria-checked={slot === start.position}
              aria-label={`${slot}枚目から`}
              className={classes.slot}
              data-used={slot < start.position || undefined}
              onClick={() => {
                start.choose(slot);
                setOpened(false);
              }}
            >
              {slot}
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Popover.Dropdown>
    </Popover>
  );
}

/** What the batch's dialog says about where it started. */
export const startPositionNote = (position: number) =>
  position > 1 ? `1枚目の用紙は${position}枚目の位置から印刷しています。` : "";
