import { Alert, Button, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconAlertTriangle, IconCloudUpload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { brandQueryOptions } from "../../queries/brands";
import { useCancelShipments } from "../../queries/shipments";
import { JobSummary, jobWords } from "../BatchJob/BatchJobModal";
import { LabelBatchModal } from "../LabelBatch/LabelBatchModal";
import { startPositionNote } from "../LabelBatch/StartPosition";
import { FailedOrders } from "./FailedOrders";
import { type LabelIssue, useLabelIssue } from "./label-issue";
import { type LabelBatchView, labelBatchView } from "./order-bulk";

export { type LabelIssue, useLabelIssue };

/**
 * The product's own labels are valid on real parcels only under each carrier's self-issue
 * contract and after its test print is approved; otherwise the carrier files are the route.
 */
function SelfIssueNotice() {
  return (
    <Alert
      color="yellow"
      icon={<IconAlertTriangle size={18} />}
      title="送り状の自社印字には配送会社との契約が必要です"
    >
      この送り状を実際の荷物に使えるのは、配送会社と送り状の自社発行（自社印字）の契約を結び、テスト印字の承認を受けている場合だけです。契約のない配送会社では、CSV出力で作ったファイルをB2クラウド・e飛伝Ⅲ・ゆうプリRに取り込んで発行してください。
    </Alert>
  );
}

/**
 * 再発行 of the reprints whose order changed since: their numbers are retired (cancelled for
 * good) and the orders issued again in a new batch, with new numbers and the changed data.
 * A number the shop already has (uploaded) is not cancelled, and its order is not issued again.
 */
function ReissueChanged({ flow, changed }: { flow: LabelIssue; changed: LabelBatchView["changed"] }) {
  const cancel = useCancelShipments();
  const reissue = async () => {
    try {
      const { results } = await cancel.mutateAsync(changed.shipmentIds);
      const refused = results.filter((result) => result.error);
      if (refused.length) {
        notifications.show({ color: "red", message: refused.map((r) => r.error).join(" ") });
        return;
      }
      flow.start(changed.orderIds);
    } catch (error) {
      notifications.show({ color: "red", message: (error as Error).message });
    }
  };
  return (
    <Button size="xs" mt="xs" variant="light" color="orange" loading={cancel.isPending} onClick={reissue}>
      内容が変わった{changed.orderIds.size}件を取り消して新しい番号で発行
    </Button>
  );
}

const words = jobWords({ title: "送り状発行", action: "発行", request: "送り状の発行" });

/** The batch from its acceptance to its summary: progress, each PDF as it is ready, the orders that failed. */
export function LabelIssueModal({ flow }: { flow: LabelIssue }) {
  // Read when the dialog opens: whether the brand sends the new numbers to the shops by itself.
  const brand = useQuery({ ...brandQueryOptions(), enabled: flow.request !== null });
  return (
    <LabelBatchModal
      flow={flow}
      words={words}
      view={labelBatchView}
      pdfsOf={(view) => view.parts}
      pdfNote={startPositionNote(flow.request?.body.start_position ?? 1)}
      summary={(view) => (
        <>
          <JobSummary
            done={view.issued + view.reprinted.length > 0}
            title={
              view.issued > 0
                ? `${view.issued}件の注文に送り状を発行しました（${view.labels}枚）`
                : view.reprinted.length > 0
                  ? "新しく発行した送り状はありません"
                  : "送り状を発行できた注文はありません"
            }
          />
          {view.reprinted.length > 0 && (
            <FailedOrders title="発行済みの送り状を再印刷した注文" tone="notice" orders={view.reprinted}>
              <Text size="xs">
                発行したときと同じ内容・同じ追跡番号で印刷しました。内容を変えるときは、取り消して新しい番号で発行し直してください（再発行）。
              </Text>
              {view.changed.shipmentIds.length > 0 && <ReissueChanged flow={flow} changed={view.changed} />}
            </FailedOrders>
          )}
          {view.issued + view.reprinted.length > 0 && <SelfIssueNotice />}
          {view.issued > 0 && brand.data?.autoUploadTracking && (
            <Alert
              color="blue"
              icon={<IconCloudUpload size={18} />}
              title="追跡番号を自動でアップロードします"
            >
              ブランド設定により、発行した送り状の追跡番号をストアへ自動でアップロードしています。結果は出荷履歴で確認できます。
            </Alert>
          )}
          {view.failed.length > 0 && <FailedOrders title="発行できなかった注文" orders={view.failed} />}
        </>
      )}
    />
  );
}
