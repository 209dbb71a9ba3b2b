import type { UseMutationResult } from "@tanstack/react-query";
import { useState } from "react";

/**
 * One request → progress → results, the flow every long bulk action shares (送り状発行,
 * 再発行, 追跡番号のアップロード): the click sends its request under a fresh
 * Idempotency-Key and 再試行 sends the same request under the same key, so a request
 * that did reach the server answers its first job instead of starting a second one.
 * The job is then read again every second until it is done.
 */

/** One click: its body, and the key that makes a retry of it the same job. */
export interface JobRequest<Body> {
  body: Body;
  idempotencyKey: string;
}

export function newJobRequest<Body>(
  body: Body,
  idempotencyKey: string = crypto.randomUUID(),
): JobRequest<Body> {
  return { body, idempotencyKey };
}

/** How often a running job is read again. */
export const jobPollMs = 1000;

/** Polling stops once the job is done; until the first answer it is read every second. */
export function jobPollInterval(status: { status: "running" | "done" } | undefined): number | false {
  return status?.status === "done" ? false : jobPollMs;
}

/** Where a job stands, as every progress bar shows it. */
export interface JobProgressView {
  finished: boolean;
  done: number;
  total: number;
  /** 0–100, for the progress bar. */
  percent: number;
}

export function jobProgress(status: {
  status: "running" | "done";
  progress: { done: number; total: number };
}): JobProgressView {
  const { done, total } = status.progress;
  return {
    finished: status.status === "done",
    done,
    total,
    percent: total > 0 ? Math.round((done / total) * 100) : 0,
  };
}

export interface BatchJob<Body, Accepted, Names> {
  /** The request being followed; null while the modal is closed. */
  request: JobRequest<Body> | null;
  mutation: UseMutationResult<Accepted, Error, JobRequest<Body>>;
  /** What the caller knew of the things sent (their names for the summary), kept after its selection is let go. */
  names: Names | null;
  start(body: Body, names: Names): void;
  retry(): void;
  close(): void;
}

/** The flow's state around the mutation that starts the job. */
export function useBatchJob<Body, Accepted, Names>(
  mutation: UseMutationResult<Accepted, Error, JobRequest<Body>>,
  { onAccepted }: { onAccepted?: () => void } = {},
): BatchJob<Body, Accepted, Names> {
  const [request, setRequest] = useState<JobRequest<Body> | null>(null);
  const [names, setNames] = useState<Names | null>(null);
  const send = (next: JobRequest<Body>) => mutation.mutate(next, { onSuccess: () => onAccepted?.() });
  return {
    request,
    mutation,
    names,
    start(body, nextNames) {
      const next = newJobRequest(body);
      setRequest(next);
      setNames(nextNames);
      mutation.reset();
      send(next);
    },
    retry() {
      if (request) send(request);
    },
    close() {
      setRequest(null);
      mutation.reset();
    },
  };
}
