import { Button } from "@mantine/core";
import { IconLayoutGrid } from "@tabler/icons-react";
import type { ComponentPropsWithRef } from "react";

/**
 * The 印刷開始位置 picker's button: the picker's target (StartPositionPicker), and its
 * stand-in on the order list's selection bar until the picker's popover has come.
 */
export function StartPositionButton({
  position,
  ...props
}: { position: number } & Omit<ComponentPropsWithRef<"button">, "children" | "color" | "style">) {
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconLayoutGrid size={16} />}
      aria-label={`印刷開始位置: ${position}枚目`}
      {...props}
    >
      開始位置 {position}
    </Button>
  );
}
