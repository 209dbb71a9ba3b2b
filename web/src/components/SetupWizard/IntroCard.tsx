import { List, Paper, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import type { ReactNode } from "react";
import classes from "./SetupWizard.module.css";

/** A platform or carrier the step will connect, with what connecting it brings. */
export function IntroCard({
  icon,
  title,
  subtitle,
  points,
}: {
  icon: ReactNode;
  title: string;
  subtitle?: string;
  points: string[];
}) {
  return (
    <Paper withBorder p="md" className={classes.introCard}>
      <Stack gap="sm">
        <div className={classes.introHeader}>
          <ThemeIcon variant="light" size={40} radius="md">
            {icon}
          </ThemeIcon>
          <div>
            <Text fw={700}>{title}</Text>
            {subtitle && (
              <Text size="xs" c="dimmed">
                {subtitle}
              </Text>
            )}
          </div>
        </div>
        <List
          size="sm"
          spacing={6}
          icon={
            <ThemeIcon size={18} radius="xl" color="teal" variant="light">
              <IconCheck size={12} stroke={2.4} />
            </ThemeIcon>
          }
        >
          {points.map((point) => (
            <List.Item key={point}>{point}</List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
