import { Group, Text, VisuallyHidden } from "@mantine/core";
import { IconCircleCheckFilled, IconCircleDashed } from "@tabler/icons-react";
import { passwordRules } from "../../lib/validation";

/** The password policy as a checklist that fills in while the user types. */
export function PasswordRequirements({ value }: { value: string }) {
  return (
    <Group gap="md" mt={-4} aria-label="パスワードの条件" role="list">
      {passwordRules.map((rule) => {
        const met = rule.test(value);
        return (
          <Group key={rule.id} gap={4} wrap="nowrap" role="listitem" data-met={met || undefined}>
            {met ? (
              <IconCircleCheckFilled size={15} color="var(--mantine-color-teal-6)" aria-hidden="true" />
            ) : (
              <IconCircleDashed size={15} color="var(--mantine-color-gray-5)" aria-hidden="true" />
            )}
            <Text size="xs" c={met ? "teal.8" : "dimmed"} fw={met ? 600 : 400}>
              {rule.label}
              <VisuallyHidden>{met ? "（満たしています）" : "（未達成）"}</VisuallyHidden>
            </Text>
          </Group>
        );
      })}
    </Group>
  );
}
