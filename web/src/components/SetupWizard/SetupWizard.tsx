import { Box, Button, Container, Group, Paper, Stack, Stepper, Text, Title } from "@mantine/core";
import { type SetupStep, setupStepLabels, setupSteps } from "@okuru/core/shared/setup-status";
import { IconLogout } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useLogout } from "../../hooks/use-logout";
import { narrowPhoneQuery, useScreenMatches } from "../../hooks/use-screen-width";
import { Logo } from "../Logo/Logo";
import { ServiceEndBanner } from "../ServiceEndBanner/ServiceEndBanner";
import classes from "./SetupWizard.module.css";

export interface SetupWizardProps {
  current: SetupStep;
  children: ReactNode;
}

/**
 * The setup wizard frame (docs/requirements.md#setup-wizard): the four steps marked ✓ (done), ● (current)
 * or not yet reached.
 */
export function SetupWizard({ current, children }: SetupWizardProps) {
  const logout = useLogout();
  const narrow = useScreenMatches(narrowPhoneQuery);
  const active = setupSteps.indexOf(current);

  return (
    <Box className={classes.page}>
      <Box component="header" className={classes.header}>
        <Container size="md" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Logo size="sm" />
            <Button
              variant="default"
              size="sm"
              leftSection={<IconLogout size={16} stroke={1.7} />}
              onClick={() => void logout()}
            >
              ログアウト
            </Button>
          </Group>
        </Container>
      </Box>

      <Container size="md" py="lg">
        <Stack gap="lg">
          <ServiceEndBanner />
          <Paper withBorder className={classes.card}>
            <Stack gap="xl">
              <Stack gap={4}>
                <Title order={1} fz={22}>
                  初期設定
                </Title>
                <Text size="sm" c="dimmed">
                  Okuruをご利用いただくために、以下の手順に沿って初期設定を進めてください。
                </Text>
              </Stack>
              <Stepper
                active={active}
                allowNextStepsSelect={false}
                orientation={narrow ? "vertical" : "horizontal"}
                labelPosition={narrow ? undefined : "bottom"}
                size="sm"
                completedIcon="✓"
                progressIcon="●"
                icon=""
                aria-label="初期設定の手順"
                classNames={{
                  stepLabel: classes.stepLabel,
                  stepIcon: classes.stepIcon,
                  stepBody: narrow ? classes.stepBodyVertical : undefined,
                }}
              >
                {setupSteps.map((step) => (
                  <Stepper.Step
                    key={step}
                    label={setupStepLabels[step]}
                    aria-current={step === current ? "step" : undefined}
                  />
                ))}
              </Stepper>
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
}
