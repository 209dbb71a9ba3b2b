import { createFileRoute } from "@tanstack/react-router";
import { BasicInformationStep } from "../components/SetupWizard/BasicInformationStep";

/** 基本情報: the company's profile, the first step of the setup wizard. */
export const Route = createFileRoute("/_authed/setup/basic_information")({
  staticData: { setupStep: "basic_information" },
  component: BasicInformationStep,
});
