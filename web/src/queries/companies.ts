import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type Company,
  type CompanySetupStatusReq,
  type CompanyUpdateReq,
  getCompanies,
  updateCompany,
  updateCompanySetupStatus,
} from "../lib/api";

export const companyKeys = {
  all: ["companies"] as const,
};

/** The signed-in user's company; its setupStatus drives the redirects of spec §4. */
export const companyQueryOptions = () =>
  queryOptions({ queryKey: companyKeys.all, queryFn: () => getCompanies() });

/**
 * Both answers carry the whole company, so the cache is written at once: the
 * router's guard reads it (ensureQueryData) on the very next navigation and must
 * already see the new setup status.
 */
function useStoreCompany() {
  const queryClient = useQueryClient();
  return (company: Company) => {
    queryClient.setQueryData(companyKeys.all, company);
  };
}

export function useUpdateCompany() {
  const store = useStoreCompany();
  return useMutation({
    mutationFn: (body: CompanyUpdateReq) => updateCompany(body),
    onSuccess: store,
  });
}

export function useUpdateCompanySetupStatus() {
  const store = useStoreCompany();
  return useMutation({
    mutationFn: (setupStatus: CompanySetupStatusReq["setup_status"]) =>
      updateCompanySetupStatus({ setup_status: setupStatus }),
    onSuccess: store,
  });
}
