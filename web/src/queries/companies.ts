import { queryOptions } from "@tanstack/react-query";
import {
  type CompanySetupStatusReq,
  type CompanyUpdateReq,
  getCompanies,
  updateCompany,
  updateCompanySetupStatus,
} from "../lib/api";
import { useStoringMutation } from "./mutations";

export const companyKeys = {
  all: ["companies"] as const,
};

/**
 * The signed-in user's company; its setupStatus drives the redirects of
 * docs/requirements.md#setup-redirects. The route guard reads it before every page and the page reads it
 * again as it mounts: fresh for a few seconds, that is one request, not a second one whenever the page
 * takes longer than a suspense query's one-second grace to appear. Our own changes write the cache at once
 * (below).
 */
export const companyQueryOptions = () =>
  queryOptions({ queryKey: companyKeys.all, queryFn: () => getCompanies(), staleTime: 5_000 });

/*
 * Both answers carry the whole company, so the cache is written at once: the
 * router's guard reads it (ensureQueryData) on the very next navigation and must
 * already see the new setup status.
 */

export function useUpdateCompany() {
  return useStoringMutation(companyKeys.all, (body: CompanyUpdateReq) => updateCompany(body));
}

export function useUpdateCompanySetupStatus() {
  return useStoringMutation(companyKeys.all, (setupStatus: CompanySetupStatusReq["setup_status"]) =>
    updateCompanySetupStatus({ setup_status: setupStatus }),
  );
}
