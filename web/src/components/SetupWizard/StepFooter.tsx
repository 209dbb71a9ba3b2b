import { Group, Text } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./SetupWizard.module.css";

/** The bar at the foot of a step: a note on the left, the way forward on the right. */
export function StepFooter({ note, children }: { note?: ReactNode; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="md" className={classes.footer}>
      <Text size="xs" c="dimmed" className={classes.footerNote}>
        {note}
      </Text>
      {children}
    </Group>
  );
}
