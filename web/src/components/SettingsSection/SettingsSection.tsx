import { Box, Fieldset, Group, Paper } from "@mantine/core";
import { type FormEventHandler, type ReactNode, useId } from "react";
import { TitleBlock } from "../TitleBlock/TitleBlock";
import classes from "./SettingsSection.module.css";

export interface SettingsSectionProps {
  title: string;
  description?: ReactNode;
  /** Shown at the right of the title, e.g. an 「追加」 button. */
  actions?: ReactNode;
  /** The bar under the body, e.g. the save button. */
  footer?: ReactNode;
  /** Makes the body and the footer one form. */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** No padding around the body: for tables and lists that run to the edges. */
  flush?: boolean;
  /** Shown but not changeable (a member's view): inputs disabled, no actions or footer. */
  readOnly?: boolean;
  children: ReactNode;
}

/** One card of a settings page: a titled header, the body and an optional footer bar. */
export function SettingsSection({
  title,
  description,
  actions,
  footer,
  onSubmit,
  flush,
  readOnly,
  children,
}: SettingsSectionProps) {
  const titleId = useId();
  const body = (
    <>
      <Box className={flush ? undefined : classes.body}>
        {readOnly ? (
          <Fieldset variant="unstyled" disabled className={classes.readOnly}>
            {children}
          </Fieldset>
        ) : (
          children
        )}
      </Box>
      {footer && !readOnly && (
        <Group justify="flex-end" gap="sm" className={classes.footer}>
          {footer}
        </Group>
      )}
    </>
  );
  return (
    <Paper withBorder component="section" aria-labelledby={titleId} className={classes.section}>
      <Group justify="space-between" align="flex-start" gap="md" className={classes.header}>
        <TitleBlock
          title={title}
          description={description}
          order={2}
          fz="md"
          id={titleId}
          className={classes.heading}
        />
        {!readOnly && actions}
      </Group>
      {onSubmit ? (
        <form noValidate onSubmit={onSubmit}>
          {body}
        </form>
      ) : (
        body
      )}
    </Paper>
  );
}
