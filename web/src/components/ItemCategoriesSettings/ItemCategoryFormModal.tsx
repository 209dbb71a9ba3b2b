import { Autocomplete, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { handlingSuggestions, ItemCategoryInput } from "@okuru/core/shared/item-category";
import type { ItemCategory } from "../../lib/api";
import { useFormSubmit, useSchemaForm } from "../../lib/form";
import { useCreateItemCategory, useUpdateItemCategory } from "../../queries/item-categories";
import { FormAlert } from "../forms/FormAlert";
import { FormModal } from "../forms/FormModal";
import { ModalActions } from "../forms/ModalActions";

export interface ItemCategoryFormModalProps {
  opened: boolean;
  /** The item category to edit (kept while the dialog closes); null adds a new one. */
  itemCategory: ItemCategory | null;
  onClose: () => void;
}

export function ItemCategoryFormModal({ opened, itemCategory, onClose }: ItemCategoryFormModalProps) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={itemCategory ? "備考欄設定を編集" : "備考欄設定を追加"}
      size="md"
    >
      <ItemCategoryForm key={itemCategory?.id ?? "new"} itemCategory={itemCategory} onClose={onClose} />
    </FormModal>
  );
}

const suggestions = [...handlingSuggestions];

function ItemCategoryForm({
  itemCategory,
  onClose,
}: {
  itemCategory: ItemCategory | null;
  onClose: () => void;
}) {
  const create = useCreateItemCategory();
  const update = useUpdateItemCategory();
  const form = useSchemaForm(ItemCategoryInput, {
    name: "item-category",
    initialValues: {
      name: itemCategory?.name ?? "",
      handling1: itemCategory?.handling1 ?? "",
      handling2: itemCategory?.handling2 ?? "",
    },
  });
  const { onSubmit, error } = useFormSubmit(
    form,
    (values) =>
      itemCategory ? update.mutateAsync({ id: itemCategory.id, body: values }) : create.mutateAsync(values),
    {
      success: itemCategory ? "備考欄設定を保存しました。" : "備考欄設定を追加しました。",
      onSuccess: onClose,
    },
  );

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <FormAlert error={error} />
        <TextInput
          label="品名"
          placeholder="例: 衣類"
          description="送り状の品名欄に印字されます（全角16文字まで）"
          withAsterisk
          data-autofocus
          {...form.getInputProps("name")}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <Autocomplete
            label="荷扱い1"
            placeholder="例: ワレモノ注意"
            description="全角10文字まで"
            data={suggestions}
            {...form.getInputProps("handling1")}
          />
          <Autocomplete
            label="荷扱い2"
            placeholder="例: 天地無用"
            description="全角10文字まで"
            data={suggestions}
            {...form.getInputProps("handling2")}
          />
        </SimpleGrid>
        <ModalActions
          onCancel={onClose}
          submitting={form.submitting}
          submitLabel={itemCategory ? "保存する" : "追加する"}
        />
      </Stack>
    </form>
  );
}
