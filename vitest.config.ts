import { defineConfig } from "vitest/config";

/**
 * One run, five projects. The stand-ins (DynamoDB Local, cognito-local, fauxqs,
 * s3rver) are started once by the global setup on free ports, so `npm test` works
 * while `npm start` is running; each project's setup file points core at them.
 */
export default defineConfig({
  test: {
    globalSetup: ["test/support/global-setup.ts"],
    reporters: ["default", "./test/support/summary-reporter.ts"],
    // The SDK versions are pinned; its notice about Node 22 is known (README, "Node versions").
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Vitest's default is one worker fewer than the cores: one on a two-core machine, where
    // every other file then waited while one test waited on the stand-ins. The browser files
    // share the two workers with the others: each waits on its browser and servers most of
    // the time, and held apart (one at a time, after the rest) they were half the run.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "core",
          include: ["test/core/**/*.test.ts"],
          environment: "node",
          setupFiles: ["test/support/node-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "functions",
          include: ["test/functions/**/*.test.ts"],
          environment: "node",
          setupFiles: ["test/support/node-setup.ts"],
        },
      },
      {
        extends: true,
        test: { name: "stacks", include: ["test/stacks/**/*.test.ts"], environment: "node" },
      },
      {
        extends: true,
        test: {
          name: "web",
          include: ["test/web/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          // Mantine leaves a transition's timer behind when its component unmounts between
          // two animation frames; one that fired after a file's window was gone failed CI.
          // The tests see the app as someone who asks for less motion does: no transitions.
          environmentOptions: { happyDOM: { settings: { device: { prefersReducedMotion: "reduce" } } } },
          globals: true,
          setupFiles: ["test/support/web-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          environment: "node",
          setupFiles: ["test/support/node-setup.ts"],
          testTimeout: 120_000,
        },
      },
    ],
  },
});
