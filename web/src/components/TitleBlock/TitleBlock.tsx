import { Stack, Text, Title, type TitleOrder } from "@mantine/core";
import type { ReactNode } from "react";

export interface TitleBlockProps {
  title: string;
  description?: ReactNode;
  order: TitleOrder;
  fz: number | string;
  id?: string;
  className?: string;
  /** Stands above the title (a step screen's icon). */
  children?: ReactNode;
}

/** A title with its dimmed description under it: pages, settings cards and the public pages' cards. */
export function TitleBlock({ title, description, order, fz, id, className, children }: TitleBlockProps) {
  return (
    <Stack gap={4} className={className}>
      {children}
      <Title order={order} fz={fz} id={id}>
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      )}
    </Stack>
  );
}
