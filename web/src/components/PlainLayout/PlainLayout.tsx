import { Box, Container, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { Logo } from "../Logo/Logo";
import classes from "./PlainLayout.module.css";

/**
 * A plain padded page without the app chrome and without any auth redirect
 * (docs/requirements.md#shop-authorisation-pages): the shop platform opens /settings/stores/shopify
 * directly, signed in or not.
 */
export function PlainLayout({ children }: { children: ReactNode }) {
  return (
    <Box className={classes.page}>
      <Container size="sm" className={classes.inner}>
        <Stack gap="xl">
          <Logo size="md" />
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
