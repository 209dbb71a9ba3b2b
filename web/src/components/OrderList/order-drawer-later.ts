import { loadLater } from "../../lib/load-later";

/** The order drawer: its forms and their schemas come when an order is first opened (or on idle before). */
export const orderDrawer = loadLater(() => import("./OrderDrawer").then((module) => module.OrderDrawer));
