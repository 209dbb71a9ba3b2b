import { Badge } from "@mantine/core";
import { type Role, roleLabels } from "@okuru/core/shared/user-roles";

export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge variant="light" color={role === "admin" ? "ai" : "gray"} radius="sm">
      {roleLabels[role]}
    </Badge>
  );
}
