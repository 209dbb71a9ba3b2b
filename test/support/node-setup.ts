import { inject } from "vitest";

// Core reads its configuration on first use; this runs before any test file imports core.
Object.assign(process.env, inject("env"));
// A worker that keeps its modules between files (the e2e project) has core's configuration
// from the file before, with that file's private queues: it is read again from the run's.
const { resetCoreConfig } = await import("@okuru/core/config");
resetCoreConfig();
