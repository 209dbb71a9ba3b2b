import { queryOptions } from "@tanstack/react-query";
import { getGeocoding } from "../lib/api";

export const geocodingKeys = {
  all: ["geocoding"] as const,
  byPostcode: (postcode: string) => [...geocodingKeys.all, postcode] as const,
};

/** Postal data changes a few times a year: an answer stays good for the session. */
export const geocodingQueryOptions = (postcode: string) =>
  queryOptions({
    queryKey: geocodingKeys.byPostcode(postcode),
    queryFn: () => getGeocoding(postcode),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
