import { createFileRoute } from "@tanstack/react-router";
import { CarriersStep } from "../components/SetupWizard/CarriersStep";

/** 配送情報: the carrier accounts, the last step; its list loads inside the step. */
export const Route = createFileRoute("/_authed/setup/carriers")({
  staticData: { setupStep: "carriers" },
  component: CarriersStep,
});
