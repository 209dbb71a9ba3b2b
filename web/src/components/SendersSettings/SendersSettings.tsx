import { Text } from "@mantine/core";
import { IconAddressBook } from "@tabler/icons-react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Sender } from "../../lib/api";
import { prefetchWhenIdle } from "../../lib/load-later";
import { brandQueryOptions } from "../../queries/brands";
import { sendersQueryOptions, useDeleteSender } from "../../queries/senders";
import type { DataColumn } from "../DataTable/DataTable";
import { formatAddress } from "../forms/AddressFields";
import { LaterRecordForm } from "../RecordListSection/LaterRecordForm";
import { nameColumn, RecordListSection } from "../RecordListSection/RecordListSection";
import { senderForm } from "./senders-settings-later";

/** 発送元管理: the ご依頼主 printed on labels. */
export function SendersSettings() {
  const { data: senders } = useSuspenseQuery(sendersQueryOptions());
  const { data: brand } = useSuspenseQuery(brandQueryOptions());
  const remove = useDeleteSender();
  // The dialog's form is here before the first click (it is fetched then otherwise).
  useEffect(() => prefetchWhenIdle(senderForm.prefetch), []);

  const columns: DataColumn<Sender>[] = [
    nameColumn("発送元名", {
      width: "30%",
      isDefault: (sender) => sender.id === brand.defaultSenderId,
      detail: (sender) => sender.companyName,
    }),
    { key: "address", header: "住所", render: (sender) => <Text size="sm">{formatAddress(sender)}</Text> },
    {
      key: "phone",
      header: "電話番号",
      width: 150,
      render: (sender) => (
        <Text size="sm" style={{ whiteSpace: "nowrap" }}>
          {sender.phone}
        </Text>
      ),
    },
  ];

  return (
    <RecordListSection
      title="発送元一覧"
      description="送り状の「ご依頼主」欄に印字する発送元です。倉庫や店舗ごとに登録できます。"
      noun="発送元"
      rows={senders.items}
      columns={columns}
      empty={{
        icon: <IconAddressBook size={28} stroke={1.6} />,
        title: "発送元が登録されていません",
        description: "送り状のご依頼主として印字する名前・住所・電話番号を登録しましょう。",
      }}
      renderForm={(record, onClose) => (
        <LaterRecordForm form={senderForm} sender={record} onClose={onClose} />
      )}
      onDelete={(sender) => remove.mutateAsync(sender.id)}
    />
  );
}
