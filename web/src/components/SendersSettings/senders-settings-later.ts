import { loadLater } from "../../lib/load-later";

/**
 * The form of the 発送元 dialog, which only a click opens: it comes after the list is drawn
 * (prefetched when the browser is idle), and its schema after that (laterSchema).
 */
export const senderForm = loadLater(() => import("./SenderForm").then((module) => module.SenderForm));
