import { Anchor, Box, Center, Paper, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { config } from "../../config";
import { Logo } from "../Logo/Logo";
import classes from "./PublicLayout.module.css";

/** The public pages (login, signup, password reset, email verification): a centred card with the logo. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Box className={classes.page}>
      <Center className={classes.center}>
        <Stack gap="lg" w="100%" maw={440} align="stretch">
          <Center>
            <Logo size="lg" />
          </Center>
          <Paper withBorder shadow="sm" className={classes.card}>
            {children}
          </Paper>
          <Text size="xs" c="dimmed" ta="center">
            © {new Date().getFullYear()} Okuru ・{" "}
            <Anchor href={config.helpUrl} target="_blank" rel="noopener noreferrer" size="xs" c="dimmed">
              ヘルプ
            </Anchor>
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
