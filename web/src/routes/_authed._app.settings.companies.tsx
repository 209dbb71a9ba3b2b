import { Badge, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { setupStepLabels } from "@okuru/core/shared/setup-status";
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import dayjs from "dayjs";
import type { ReactNode } from "react";
import type { Company } from "../lib/api";
import { companyQueryOptions } from "../queries/companies";

export const Route = createFileRoute("/_authed/_app/settings/companies")({
  loader: ({ context }) => context.queryClient.ensureQueryData(companyQueryOptions()),
  component: CompanyPage,
});

function SetupStatusBadge({ status }: { status: Company["setupStatus"] }) {
  if (status === "done") {
    return (
      <Badge color="teal" variant="light" size="lg" radius="sm">
        完了
      </Badge>
    );
  }
  return (
    <Badge color="orange" variant="light" size="lg" radius="sm">
      未完了（{setupStepLabels[status]}）
    </Badge>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="xs" fw={600} c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

function CompanyPage() {
  const { data: company } = useSuspenseQuery(companyQueryOptions());
  return (
    <Paper withBorder p="xl">
      <Stack gap="lg">
        <Title order={2} fz="lg">
          会社概要
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
          <Field label="会社名">
            {company.name ? <Text fw={500}>{company.name}</Text> : <Text c="dimmed">未登録</Text>}
          </Field>
          <Field label="初期設定">
            <div>
              <SetupStatusBadge status={company.setupStatus} />
            </div>
          </Field>
          <Field label="登録日">
            <Text fw={500}>{dayjs(company.createdAt).format("YYYY年M月D日")}</Text>
          </Field>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
