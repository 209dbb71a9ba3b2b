import { Button, type ButtonProps } from "@mantine/core";
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
