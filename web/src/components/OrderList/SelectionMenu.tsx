import { Menu } from "@mantine/core";
import type { ReactElement } from "react";

export interface SelectionMenuChoice {
  label: string;
  onClick: () => void;
}

/** A selection-bar button (`target`) that opens a menu of choices under a heading. */
export function SelectionMenu({
  target,
  heading,
  choices,
  defaultOpened = false,
}: {
  target: ReactElement;
  heading: string;
  choices: readonly SelectionMenuChoice[];
  /** Open as it is drawn: the button standing in for it was clicked before it came. */
  defaultOpened?: boolean;
}) {
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{heading}</Menu.Label>
        {choices.map((choice) => (
          <Menu.Item key={choice.label} onClick={choice.onClick}>
            {choice.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
