import { Group } from "@mantine/core";
import type { ReactNode } from "react";
import { TitleBlock } from "../TitleBlock/TitleBlock";

export interface PageHeaderProps {
  title: string;
  description?: string;
  actions?: ReactNode;
}

export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="md">
      <TitleBlock title={title} description={description} order={1} fz={24} />
      {actions}
    </Group>
  );
}
