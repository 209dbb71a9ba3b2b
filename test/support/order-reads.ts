import { expect } from "vitest";
import { callApi } from "./api";

/** The company's orders of every tab a shop's order can be in, a page of 100 each, as the API answers them. */
export async function ordersOfEveryTab<T>(token: string): Promise<T[]> {
  const items: T[] = [];
  for (const tab of ["notShipped", "partiallyShipped", "shipped", "cancelled"]) {
    const res = await callApi(`/api/orders?limit=100&tab_key=${tab}`, { token });
    expect(res.status).toBe(200);
    items.push(...res.json.items);
  }
  return items;
}

/** The ids of the orders the list's search finds for `text` in one tab. */
export async function searchedOrderIds(token: string, text: string, tab = "notShipped"): Promise<string[]> {
  const res = await callApi(`/api/orders?tab_key=${tab}&search=${encodeURIComponent(text)}`, { token });
  expect(res.status).toBe(200);
  return (res.json.items as { id: string }[]).map((o) => o.id);
}
