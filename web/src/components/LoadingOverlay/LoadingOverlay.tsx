import { Center, Overlay, Paper, Progress, Stack, Text } from "@mantine/core";
import { LogoMark } from "../Logo/Logo";
import classes from "./LoadingOverlay.module.css";

export interface LoadingOverlayProps {
  shown: boolean;
  message: string;
}

/**
 * The global loading overlay (docs/requirements.md#loading-toasts-and-error-page): a progress bar with a
 * message, over the whole page.
 */
export function LoadingOverlay({ shown, message }: LoadingOverlayProps) {
  if (!shown) return null;
  return (
    <Overlay fixed center backgroundOpacity={0.72} color="#fff" blur={1} zIndex={1000}>
      <Paper withBorder shadow="sm" p="lg" w={300} role="status" aria-live="polite">
        <Stack gap="sm">
          <Center>
            <LogoMark size={32} />
          </Center>
          <Text size="sm" fw={600} ta="center">
            {message}
          </Text>
          <Progress value={100} striped animated size="sm" aria-label={message} className={classes.bar} />
        </Stack>
      </Paper>
    </Overlay>
  );
}

/** What routes show while they wait for the auth check and the company. */
export function AuthCheckOverlay() {
  return <LoadingOverlay shown message="ローティング中..." />;
}
