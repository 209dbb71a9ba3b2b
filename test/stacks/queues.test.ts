import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Match, Template } from "aws-cdk-lib/assertions";
import { App, getStack } from "sst/constructs";
import { initProject, useProject } from "sst/project.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { maxReceiveCount } from "../../core/src/queue/settings";
import { Queues } from "../../stacks/queues";
import { Storage } from "../../stacks/storage";

/*
 * Only Storage and Queues, synthesised without `app.finish()`: the function bundles are not built
 * (the handlers stay placeholders), so this file never writes the .sst/artifacts that
 * test/stacks/app.test.ts builds, and its types go to its own scratch folder: it can run beside it.
 */

const ids = [
  "OrderSyncQueue",
  "LabelJobQueue",
  "TrackingUploadQueue",
  "ExportJobQueue",
  "WebhookDeliveryQueue",
];
const scratch = mkdtempSync(join(tmpdir(), "okuru-queues-"));
let template: Template;

beforeAll(async () => {
  await initProject({ stage: "test" });
  const project = useProject();
  // The App clears and rewrites <out>/types: in the shared .sst it raced app.test.ts's App
  // doing the same beside it (ENOTEMPTY). Nothing else of .sst is written here.
  project.paths.out = join(scratch, ".sst");
  const { config } = project;
  const app = new App(
    { mode: "deploy", stage: config.stage, name: config.name, region: config.region },
    { outdir: join(scratch, "cdk.out") },
  );
  app.stack(Storage).stack(Queues);
  template = Template.fromStack(getStack(Queues));
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Resource = ReturnType<Template["findResources"]>[string];

function queueNamed(id: string): [string, Resource] {
  const found = Object.entries(
    template.findResources("AWS::SQS::Queue", {
      Properties: { QueueName: Match.stringLikeRegexp(`-${id}$`) },
    }),
  );
  expect(found, id).toHaveLength(1);
  return found[0]!;
}

describe("Queues", () => {
  test.each(ids)("%s parks a message in its own DLQ after the shared max receive count", (id) => {
    const [, queue] = queueNamed(id);
    expect(queue.Properties.RedrivePolicy.maxReceiveCount).toBe(maxReceiveCount);
    const [deadLetterId] = queue.Properties.RedrivePolicy.deadLetterTargetArn["Fn::GetAtt"];
    expect(template.toJSON().Resources[deadLetterId].Type).toBe("AWS::SQS::Queue");
  });

  test("each queue has a DLQ of its own", () => {
    const targets = ids.map(
      (id) => queueNamed(id)[1].Properties.RedrivePolicy.deadLetterTargetArn["Fn::GetAtt"][0],
    );
    expect(new Set(targets).size).toBe(ids.length);
    template.resourceCountIs("AWS::SQS::Queue", ids.length * 2);
  });

  test.each(ids)("%s's consumer may send to its own queue (the next page, the next chunk)", (id) => {
    const [queueId] = queueNamed(id);
    const statements = Object.values(template.findResources("AWS::IAM::Policy")).flatMap(
      (policy) =>
        policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[],
    );
    const sends = statements.some(
      (statement) =>
        JSON.stringify(statement.Resource) === JSON.stringify({ "Fn::GetAtt": [queueId, "Arn"] }) &&
        [statement.Action].flat().some((action) => action === "sqs:*" || action === "sqs:SendMessage"),
    );
    expect(sends).toBe(true);
  });
});
