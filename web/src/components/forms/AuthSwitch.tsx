import { Anchor, Divider, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";

/**
 * The foot of the sign-in and sign-up cards: a rule, then the way to the other one
 * (「アカウントをお持ちでない方は 新規登録」).
 */
export function AuthSwitch({
  question,
  to,
  label,
}: {
  question: string;
  to: "/login" | "/signup";
  label: string;
}) {
  return (
    <>
      <Divider />
      <Text size="sm" ta="center" c="dimmed">
        {question}{" "}
        <Anchor component={Link} to={to} fw={600}>
          {label}
        </Anchor>
      </Text>
    </>
  );
}
