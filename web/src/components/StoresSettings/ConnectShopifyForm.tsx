import { Group, Stack, TextInput } from "@mantine/core";
import { IconBuildingStore } from "@tabler/icons-react";
import { z } from "zod";
import { useFormSubmit, useSchemaForm } from "../../lib/form";
import { useStartShopifyConnection } from "../../queries/shops";
import { FormAlert } from "../forms/FormAlert";
import { SubmitButton } from "../forms/SubmitButton";
import type { StoresOrigin } from "./StoresSettings";

const ShopifyConnectInput = z.object({
  shop: z.string().trim().min(1, { error: "ストアのURLを入力してください" }),
});

/** Sends the browser to Shopify; the return comes back to the completed page of `from`. */
export function ConnectShopifyForm({ from }: { from: StoresOrigin }) {
  const start = useStartShopifyConnection();
  const form = useSchemaForm(ShopifyConnectInput, { name: "shopify-connect", initialValues: { shop: "" } });
  const { onSubmit, error } = useFormSubmit(
    form,
    (values) => start.mutateAsync({ shop: values.shop, from }),
    {
      // The page is left for Shopify's authorisation screen, which returns to the completed page.
      onSuccess: (result) => window.location.assign(result.authorizationUrl),
    },
  );

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <FormAlert error={error} />
        <TextInput
          label="ストアのURL"
          placeholder="example.myshopify.com"
          description="ShopifyストアのURL（myshopify.com のドメイン）か、管理画面のURLを入力してください。"
          autoComplete="off"
          spellCheck={false}
          withAsterisk
          {...form.getInputProps("shop")}
        />
        <Group justify="flex-end">
          <SubmitButton
            loading={form.submitting || start.isSuccess}
            leftSection={<IconBuildingStore size={18} stroke={1.7} />}
          >
            Shopifyと接続
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
