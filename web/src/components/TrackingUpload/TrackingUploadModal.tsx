import { Button, Group } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import { useInvalidateAfterLabels } from "../../queries/labels";
import { trackingUploadJobQueryOptions } from "../../queries/uploads";
import { BatchJobModal, JobSummary, jobWords } from "../BatchJob/BatchJobModal";
import { FailedList } from "../LabelBatch/FailedList";
import { uploadJobView } from "./tracking-upload";
import { type TrackingUpload, useTrackingUpload } from "./use-tracking-upload";

export { type TrackingUpload, useTrackingUpload };

const words = {
  ...jobWords({ title: "追跡番号のアップロード", action: "アップロード" }),
  running: "追跡番号をアップロードしています…",
  progressLabel: "追跡番号のアップロード状況",
};

/** The job from its acceptance to its summary: progress, what was uploaded, what failed and why, and 失敗分を再試行. */
export function TrackingUploadModal({ flow }: { flow: TrackingUpload }) {
  // Orders move to 発送済み (or the error tab) and shipments to 発送済み once the job is done.
  const invalidate = useInvalidateAfterLabels();
  return (
    <BatchJobModal
      flow={flow}
      words={words}
      jobIdOf={(accepted) => accepted.jobId}
      job={trackingUploadJobQueryOptions}
      view={uploadJobView}
      onFinished={() => void invalidate()}
    >
      {(view) =>
        view.finished && (
          <>
            <JobSummary
              done={view.uploaded > 0}
              title={
                view.uploaded > 0
                  ? `${view.uploaded}件の追跡番号をストアにアップロードしました`
                  : "アップロードできた追跡番号はありません"
              }
            />
            {view.failed.length > 0 && (
              <FailedList title={view.failedTitle} items={view.failed}>
                {view.retryIds.length > 0 && (
                  <Group justify="flex-end">
                    <Button
                      size="xs"
                      variant="white"
                      color="red"
                      leftSection={<IconRefresh size={16} />}
                      onClick={() => flow.start({ shipment_ids: view.retryIds }, flow.names ?? new Map())}
                    >
                      失敗分を再試行
                    </Button>
                  </Group>
                )}
              </FailedList>
            )}
          </>
        )
      }
    </BatchJobModal>
  );
}
