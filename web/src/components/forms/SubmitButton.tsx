import { Button, type ButtonProps, Group } from "@mantine/core";
import type { Icon } from "@tabler/icons-react";
import type { ReactNode } from "react";

/** A form's submit button: shows a spinner and blocks a second submit while the call runs. */
export function SubmitButton({
  loading,
  children,
  ...props
}: ButtonProps & { loading: boolean; children: ReactNode }) {
  return (
    <Button type="submit" loading={loading} {...props}>
      {children}
    </Button>
  );
}

/** A form's only button, on the right below its fields (「Shopifyと接続」). */
export function SubmitRow({
  loading,
  icon: ButtonIcon,
  children,
}: {
  loading: boolean;
  icon: Icon;
  children: ReactNode;
}) {
  return (
    <Group justify="flex-end">
      <SubmitButton loading={loading} leftSection={<ButtonIcon size={18} stroke={1.7} />}>
        {children}
      </SubmitButton>
    </Group>
  );
}
