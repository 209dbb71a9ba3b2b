import { TextInput } from "@mantine/core";
import { IconBuildingStore } from "@tabler/icons-react";
import { laterSchema, useFormSubmit, useSchemaForm } from "../../lib/form";
import { useStartShopifyConnection } from "../../queries/shops";
import { FormBody } from "../forms/FormBody";
import { SubmitRow } from "../forms/SubmitButton";
import type { StoresOrigin } from "./StoresSettings";

const ShopifyConnectInput = laterSchema(() =>
  import("./connect-schemas").then((module) => module.ShopifyConnectInput),
);

/** Sends the browser to Shopify; the return comes back to the completed page of `from`. */
export function ConnectShopifyForm({ from }: { from: StoresOrigin }) {
  const start = useStartShopifyConnection();
  const form = useSchemaForm(ShopifyConnectInput, { name: "shopify-connect", initialValues: { shop: "" } });
  const submit = useFormSubmit(form, (values) => start.mutateAsync({ shop: values.shop, from }), {
    // The page is left for Shopify's authorisation screen, which returns to the completed page.
    onSuccess: (result) => window.location.assign(result.authorizationUrl),
  });

  return (
    <FormBody
      submit={submit}
      footer={
        <SubmitRow loading={form.submitting || start.isSuccess} icon={IconBuildingStore}>
          Shopifyと接続
        </SubmitRow>
      }
    >
      <TextInput
        label="ストアのURL"
        placeholder="example.myshopify.com"
        description="ShopifyストアのURL（myshopify.com のドメイン）か、管理画面のURLを入力してください。"
        autoComplete="off"
        spellCheck={false}
        withAsterisk
        {...form.getInputProps("shop")}
      />
    </FormBody>
  );
}
