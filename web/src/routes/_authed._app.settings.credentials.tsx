import { createFileRoute, redirect } from "@tanstack/react-router";
import { ApiSettings } from "../components/ApiSettings/ApiSettings";
import { companyQueryOptions } from "../queries/companies";
import { credentialsQueryOptions } from "../queries/credentials";
import { meQueryOptions } from "../queries/users";

/** API連携: only for companies with the feature on, and for their administrators. */
export const Route = createFileRoute("/_authed/_app/settings/credentials")({
  beforeLoad: async ({ context }) => {
    const [company, me] = await Promise.all([
      context.queryClient.ensureQueryData(companyQueryOptions()),
      context.queryClient.ensureQueryData(meQueryOptions()),
    ]);
    if (!company.features.apiIntegration || me.role !== "admin")
      throw redirect({ to: "/settings/companies" });
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(credentialsQueryOptions()),
  component: ApiSettings,
});
