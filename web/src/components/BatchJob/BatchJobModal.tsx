import { Alert, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { FormModal } from "../forms/FormModal";
import { BatchProgress } from "../LabelBatch/BatchProgress";
import { type BatchJob, type JobProgressView, jobPollInterval } from "./batch-job";

/** How a job is read (the query options of its status). */
export type JobQuery<Status, Key extends readonly unknown[]> = UseQueryOptions<Status, Error, Status, Key>;

/** What the dialog needs of a flow (a caller may wrap `start` its own way). */
export type JobFlow<Body, Accepted, Names> = Omit<BatchJob<Body, Accepted, Names>, "start">;

/** The words of one kind of job, in Japanese. */
export interface JobWords {
  /** The dialog's title: "送り状発行". */
  title: string;
  /** "送り状の発行を開始できませんでした". */
  startFailed: string;
  /** "送り状の発行を受け付けています…". */
  accepting: string;
  /** "発行の状況を確認しています…". */
  checking: string;
  /** The bar while it runs: "送り状を作成しています…". */
  running: string;
  /** The bar once done: "発行が完了しました". */
  finished: string;
  /** The bar's accessible name: "送り状の作成状況". */
  progressLabel: string;
  /** Under the bar while it runs: "閉じても発行は続きます。". */
  continues: string;
}

/**
 * The words every job says the same way, built from what it does: `action` ("再発行")
 * names the job in progress and at its end, `request` (default: the action) what was
 * asked for ("送り状の発行を受け付けています…").
 */
export function jobWords({
  title,
  action,
  request = action,
}: {
  title: string;
  action: string;
  request?: string;
}): Omit<JobWords, "running" | "progressLabel"> {
  return {
    title,
    startFailed: `${request}を開始できませんでした`,
    accepting: `${request}を受け付けています…`,
    checking: `${action}の状況を確認しています…`,
    finished: `${action}が完了しました`,
    continues: `閉じても${action}は続きます。`,
  };
}

/**
 * The dialog of a job from its acceptance to its summary. What differs between jobs
 * is what they request (the flow), how their status is read, and what the summary
 * says (`children`, given the status once it is read).
 */
export function BatchJobModal<
  Body,
  Accepted,
  Names,
  Status extends { status: "running" | "done" },
  Key extends readonly unknown[],
  View extends JobProgressView,
>({
  flow,
  words,
  jobIdOf,
  job,
  view,
  onFinished,
  children,
}: {
  flow: JobFlow<Body, Accepted, Names>;
  words: JobWords;
  jobIdOf: (accepted: Accepted) => string;
  /** How the job is read, by its id. */
  job: (jobId: string) => JobQuery<Status, Key>;
  /** The status as the merchant reads it, with the names the flow kept. */
  view: (status: Status, names: Names) => View;
  /** Once, when the job is done (the lists it changed are read again). */
  onFinished: () => void;
  /** What is shown under the bar (PDFs as they are ready, the summary once done). */
  children: (view: View) => ReactNode;
}) {
  const { mutation } = flow;
  const jobId = mutation.data === undefined ? undefined : jobIdOf(mutation.data);
  return (
    <FormModal opened={flow.request !== null} onClose={flow.close} title={words.title} size="md">
      {mutation.isError ? (
        <Stack gap="md">
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title={words.startFailed}>
            {mutation.error.message}
          </Alert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={flow.close}>
              閉じる
            </Button>
            <Button onClick={flow.retry}>再試行</Button>
          </Group>
        </Stack>
      ) : jobId && flow.names !== null ? (
        <JobProgress
          key={jobId}
          job={job(jobId)}
          view={(status) => view(status, flow.names as Names)}
          words={words}
          onFinished={onFinished}
          onClose={flow.close}
        >
          {children}
        </JobProgress>
      ) : (
        <Group gap="sm" py="md">
          <Loader size="sm" />
          <Text size="sm">{words.accepting}</Text>
        </Group>
      )}
    </FormModal>
  );
}

function JobProgress<
  Status extends { status: "running" | "done" },
  Key extends readonly unknown[],
  View extends JobProgressView,
>({
  job,
  view: viewOf,
  words,
  onFinished,
  onClose,
  children,
}: {
  job: JobQuery<Status, Key>;
  view: (status: Status) => View;
  words: JobWords;
  onFinished: () => void;
  onClose: () => void;
  children: (view: View) => ReactNode;
}) {
  const status = useQuery({
    ...job,
    refetchInterval: (query) => jobPollInterval(query.state.data),
    // The merchant may switch to another browser tab meanwhile; the bar is current on return.
    refetchIntervalInBackground: true,
  });
  const view = status.data ? viewOf(status.data) : null;
  const finished = view?.finished ?? false;

  // What the job changed is read again once it is done.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per finish, whatever the caller passes
  useEffect(() => {
    if (finished) onFinished();
  }, [finished]);

  if (!view) {
    return status.isError ? (
      <Alert color="red" icon={<IconAlertTriangle size={18} />}>
        {status.error.message}
      </Alert>
    ) : (
      <Group gap="sm" py="md">
        <Loader size="sm" />
        <Text size="sm">{words.checking}</Text>
      </Group>
    );
  }

  return (
    <Stack gap="md">
      <BatchProgress
        finished={view.finished}
        done={view.done}
        total={view.total}
        percent={view.percent}
        runningTitle={words.running}
        finishedTitle={words.finished}
        label={words.progressLabel}
        error={status.isError ? status.error.message : undefined}
      />
      {children(view)}
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {view.finished ? "" : words.continues}
        </Text>
        <Button variant={view.finished ? "filled" : "default"} onClick={onClose}>
          閉じる
        </Button>
      </Group>
    </Stack>
  );
}

/** The one line a finished job sums up with: teal when something was done, gray when nothing was. */
export function JobSummary({ done, title }: { done: boolean; title: string }) {
  return <Alert color={done ? "teal" : "gray"} icon={<IconCircleCheck size={18} />} title={title} />;
}
