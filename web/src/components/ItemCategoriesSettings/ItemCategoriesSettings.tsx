import { Text } from "@mantine/core";
import { IconNotes } from "@tabler/icons-react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { ItemCategory } from "../../lib/api";
import { prefetchWhenIdle } from "../../lib/load-later";
import { brandQueryOptions } from "../../queries/brands";
import { itemCategoriesQueryOptions, useDeleteItemCategory } from "../../queries/item-categories";
import type { DataColumn } from "../DataTable/DataTable";
import { LaterRecordForm } from "../RecordListSection/LaterRecordForm";
import { nameColumn, RecordListSection } from "../RecordListSection/RecordListSection";
import { itemCategoryForm } from "./item-categories-later";

function Handling({ value }: { value: string }) {
  return value ? (
    <Text size="sm">{value}</Text>
  ) : (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );
}

/** 備考欄設定: the 品名 and 荷扱い printed on labels. */
export function ItemCategoriesSettings() {
  const { data: itemCategories } = useSuspenseQuery(itemCategoriesQueryOptions());
  const { data: brand } = useSuspenseQuery(brandQueryOptions());
  const remove = useDeleteItemCategory();
  // The dialog's form is here before the first click (it is fetched then otherwise).
  useEffect(() => prefetchWhenIdle(itemCategoryForm.prefetch), []);

  const columns: DataColumn<ItemCategory>[] = [
    nameColumn("品名", { isDefault: (category) => category.id === brand.defaultItemCategoryId }),
    { key: "handling1", header: "荷扱い1", width: "25%", render: (c) => <Handling value={c.handling1} /> },
    { key: "handling2", header: "荷扱い2", width: "25%", render: (c) => <Handling value={c.handling2} /> },
  ];

  return (
    <RecordListSection
      title="備考欄設定一覧"
      description="送り状の品名と「ワレモノ注意」などの荷扱いの組み合わせです。送り状の作成時に選ぶだけで入力できます。"
      noun="備考欄設定"
      rows={itemCategories.items}
      columns={columns}
      empty={{
        icon: <IconNotes size={28} stroke={1.6} />,
        title: "備考欄設定が登録されていません",
        description: "よく使う品名と荷扱いを登録しておくと、送り状の作成がすばやくなります。",
      }}
      renderForm={(record, onClose) => (
        <LaterRecordForm form={itemCategoryForm} itemCategory={record} onClose={onClose} />
      )}
      formSize="md"
      onDelete={(category) => remove.mutateAsync(category.id)}
    />
  );
}
