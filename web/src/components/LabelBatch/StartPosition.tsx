import { Button, Popover, SimpleGrid, Text, UnstyledButton } from "@mantine/core";
import { slotsOfLayout } from "@okuru/core/shared/start-position";
import { IconLayoutGrid } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { brandQueryOptions } from "../../queries/brands";
import classes from "./StartPosition.module.css";

/**
 * 印刷開始位置 of the next label batch: the label of the first sheet to print on, for a
 * sheet whose first labels were used already. Offered only where a sheet holds several
 * labels (the brand's largest layout: A4 2面・4面, A5 2面); a carrier whose sheet holds
 * fewer starts at its first (the API applies it per carrier).
 */
export function useStartPosition() {
  const brand = useQuery(brandQueryOptions());
  const slots = brand.data
    ? Math.max(1, ...Object.values(brand.data.printSettings).map((setting) => slotsOfLayout[setting.layout]))
    : 1;
  const [chosen, setChosen] = useState(1);
  const position = Math.min(chosen, slots);
  // Read by the batch's body when it is sent, in the same click as the last choice.
  const current = useRef(position);
  current.current = position;
  return {
    slots,
    position,
    choose: setChosen,
    /** The request's field: left out at the first label, as before there was a choice. */
    body: (): { start_position?: number } => (current.current > 1 ? { start_position: current.current } : {}),
    /** A sheet is used up by the batch just sent: the next one starts on a new sheet. */
    reset: () => setChosen(1),
  };
}

export type StartPosition = ReturnType<typeof useStartPosition>;

/**
 * The sheet's labels as buttons laid out as they print (4面: two by two, 2面: one above the
 * other), the chosen one pressed. Nothing is shown for 1面 paper.
 */
export function StartPositionPicker({ start, disabled }: { start: StartPosition; disabled?: boolean }) {
  const [opened, setOpened] = useState(false);
  if (start.slots <= 1) return null;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" withArrow trapFocus>
      <Popover.Target>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconLayoutGrid size={16} />}
          disabled={disabled}
          aria-label={`印刷開始位置: ${start.position}枚目`}
          onClick={() => setOpened((open) => !open)}
        >
          開始位置 {start.position}
        </Button>
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
