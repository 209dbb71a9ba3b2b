import { queryOptions } from "@tanstack/react-query";
import { getCompanies } from "../lib/api";

export const companyKeys = {
  all: ["companies"] as const,
};

/** The signed-in user's company; its setupStatus drives the redirects of spec §4. */
export const companyQueryOptions = () =>
  queryOptions({ queryKey: companyKeys.all, queryFn: () => getCompanies() });
