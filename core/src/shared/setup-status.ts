/**
 * The company's guided setup. Browser-safe: the web app imports this module for
 * its redirect rules, the API for its checks.
 */
import { labelled } from "./labelled";

export const { values: setupSteps, labels: setupStepLabels } = labelled({
  register: "アカウント登録",
  basic_information: "基本情報",
  stores: "ストア連携",
  carriers: "配送情報",
});
export const setupStatuses = [...setupSteps, "done"] as const;

export type SetupStep = (typeof setupSteps)[number];
export type SetupStatus = (typeof setupStatuses)[number];

export function setupStatusIndex(status: SetupStatus): number {
  return setupStatuses.indexOf(status);
}

/** The status that follows `status`, or undefined when setup is done. */
export function nextSetupStatus(status: SetupStatus): SetupStatus | undefined {
  return setupStatuses[setupStatusIndex(status) + 1];
}
