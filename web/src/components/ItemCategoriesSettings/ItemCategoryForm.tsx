import { Autocomplete, SimpleGrid, TextInput } from "@mantine/core";
import { handlingSuggestions } from "@okuru/core/shared/handling-suggestions";
import type { ItemCategory } from "../../lib/api";
import { laterSchema, useFormSubmit, useSchemaForm } from "../../lib/form";
import { useCreateItemCategory, useUpdateItemCategory } from "../../queries/item-categories";
import { ModalForm } from "../forms/FormBody";

/** The API's own schema, fetched after the first screen (laterSchema). */
const itemCategorySchema = laterSchema(() =>
  import("@okuru/core/shared/item-category").then((module) => module.ItemCategoryInput),
);

const suggestions = [...handlingSuggestions];

const handlingFields = [
  { field: "handling1", label: "荷扱い1", placeholder: "例: ワレモノ注意" },
  { field: "handling2", label: "荷扱い2", placeholder: "例: 天地無用" },
] as const;

/** The form of the 備考欄設定 dialog; `itemCategory` null adds a new one. */
export function ItemCategoryForm({
  itemCategory,
  onClose,
}: {
  itemCategory: ItemCategory | null;
  onClose: () => void;
}) {
  const create = useCreateItemCategory();
  const update = useUpdateItemCategory();
  const form = useSchemaForm(itemCategorySchema, {
    name: "item-category",
    initialValues: {
      name: itemCategory?.name ?? "",
      handling1: itemCategory?.handling1 ?? "",
      handling2: itemCategory?.handling2 ?? "",
    },
  });
  const submit = useFormSubmit(
    form,
    (values) =>
      itemCategory ? update.mutateAsync({ id: itemCategory.id, body: values }) : create.mutateAsync(values),
    {
      success: itemCategory ? "備考欄設定を保存しました。" : "備考欄設定を追加しました。",
      onSuccess: onClose,
    },
  );

  return (
    <ModalForm form={form} submit={submit} onCancel={onClose} adding={itemCategory === null}>
      <TextInput
        label="品名"
        placeholder="例: 衣類"
        description="送り状の品名欄に印字されます（全角16文字まで）"
        withAsterisk
        data-autofocus
        {...form.getInputProps("name")}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
        {handlingFields.map(({ field, label, placeholder }) => (
          <Autocomplete
            key={field}
            label={label}
            placeholder={placeholder}
            description="全角10文字まで"
            data={suggestions}
            {...form.getInputProps(field)}
          />
        ))}
      </SimpleGrid>
    </ModalForm>
  );
}
