import { Button, Group, SimpleGrid, TextInput } from "@mantine/core";
import { IconCopy } from "@tabler/icons-react";
import { useSuspenseQuery } from "@tanstack/react-query";
import type { Sender } from "../../lib/api";
import { laterSchema, useFormSubmit, useSchemaForm } from "../../lib/form";
import { companyQueryOptions } from "../../queries/companies";
import { useCreateSender, useUpdateSender } from "../../queries/senders";
import { AddressFields, type AddressValues, addressValues, emptyAddress } from "../forms/AddressFields";
import { FieldGroup } from "../forms/FieldGroup";
import { ModalForm } from "../forms/FormBody";
import { PhoneInput } from "../forms/PhoneInput";

/** The API's own schema, fetched after the first screen (laterSchema). */
const senderSchema = laterSchema(() =>
  import("@okuru/core/shared/sender").then((module) => module.SenderInput),
);

type SenderFormValues = AddressValues & { name: string; company_name: string; phone: string };

function senderFormValues(sender: Sender | null): SenderFormValues {
  if (!sender) return { name: "", company_name: "", ...emptyAddress, phone: "" };
  return {
    name: sender.name,
    company_name: sender.companyName,
    ...addressValues(sender),
    phone: sender.phone,
  };
}

/** The form of the 発送元 dialog; `sender` null adds a new one. */
export function SenderForm({ sender, onClose }: { sender: Sender | null; onClose: () => void }) {
  const { data: company } = useSuspenseQuery(companyQueryOptions());
  const create = useCreateSender();
  const update = useUpdateSender();
  const form = useSchemaForm(senderSchema, { name: "sender", initialValues: senderFormValues(sender) });
  const submit = useFormSubmit(
    form,
    (values) => (sender ? update.mutateAsync({ id: sender.id, body: values }) : create.mutateAsync(values)),
    {
      success: sender ? "発送元を保存しました。" : "発送元を追加しました。",
      onSuccess: onClose,
    },
  );

  const companyHasAddress = Boolean(company.postalCode && company.address1);
  function copyCompany() {
    form.setValues({
      company_name: company.name,
      ...addressValues(company),
      phone: company.phone,
    });
  }

  return (
    <ModalForm form={form} submit={submit} gap="lg" onCancel={onClose} adding={sender === null}>
      <FieldGroup title="発送元">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label="発送元名"
            placeholder="例: 送る商店 東京倉庫"
            description="送り状のご依頼主として印字されます。"
            withAsterisk
            data-autofocus
            {...form.getInputProps("name")}
          />
          <TextInput
            label="会社名・部署名"
            placeholder="例: 株式会社送る商店 物流部"
            description="送り状のご依頼主欄で、発送元名の前に同じ行で印字されます。"
            {...form.getInputProps("company_name")}
          />
        </SimpleGrid>
      </FieldGroup>
      <FieldGroup title="住所・連絡先">
        {companyHasAddress && (
          <Group>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconCopy size={14} stroke={1.7} />}
              onClick={copyCompany}
            >
              会社概要の住所をコピー
            </Button>
          </Group>
        )}
        <AddressFields form={form} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PhoneInput {...form.getInputProps("phone")} />
        </SimpleGrid>
      </FieldGroup>
    </ModalForm>
  );
}
