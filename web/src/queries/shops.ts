import { queryOptions } from "@tanstack/react-query";
import { getShops } from "../lib/api";

export const shopKeys = { all: ["shops"] as const, list: () => [...shopKeys.all, "list"] as const };

/** The company's shops with their sync state. */
export const shopsQueryOptions = () => queryOptions({ queryKey: shopKeys.list(), queryFn: () => getShops() });
