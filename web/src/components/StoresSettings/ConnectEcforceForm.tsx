import { PasswordInput, SimpleGrid, TextInput } from "@mantine/core";
import { IconPlugConnected } from "@tabler/icons-react";
import { laterSchema, useFormSubmit, useSchemaForm } from "../../lib/form";
import { useConnectEcforce } from "../../queries/shops";
import { FormBody } from "../forms/FormBody";
import { SubmitRow } from "../forms/SubmitButton";

const EcforceConnectInput = laterSchema(() =>
  import("./connect-schemas").then((module) => module.EcforceConnectInput),
);

const emptyValues = { base_url: "", api_token: "", name: "" };

/** Registers an ecforce shop by its URL and an API token issued in ecforce's admin. */
export function ConnectEcforceForm() {
  const connect = useConnectEcforce();
  const form = useSchemaForm(EcforceConnectInput, { name: "ecforce-connect", initialValues: emptyValues });
  const submit = useFormSubmit(form, (values) => connect.mutateAsync(values), {
    success: (shop) => `${shop.name} と接続しました。注文の取り込みを始めました。`,
    onSuccess: () => form.reset(),
  });

  return (
    <FormBody
      submit={submit}
      footer={
        <SubmitRow loading={form.submitting} icon={IconPlugConnected}>
          ecforceと接続
        </SubmitRow>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <TextInput
          label="ショップのURL"
          placeholder="https://example.ec-force.com"
          autoComplete="off"
          spellCheck={false}
          withAsterisk
          {...form.getInputProps("base_url")}
        />
        <PasswordInput
          label="APIトークン"
          description="ecforceの管理画面で発行したAPIトークン"
          autoComplete="off"
          withAsterisk
          {...form.getInputProps("api_token")}
        />
      </SimpleGrid>
      <TextInput
        label="表示名"
        placeholder="例: 送る商店 ecforce店"
        description="省略するとショップのドメインを表示名にします"
        {...form.getInputProps("name")}
      />
    </FormBody>
  );
}
