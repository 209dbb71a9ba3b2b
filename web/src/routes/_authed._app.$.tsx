import { createFileRoute } from "@tanstack/react-router";
import { ErrorPage } from "../components/ErrorPage/ErrorPage";

/**
 * Every path no other route claims. Being under _authed, the auth check of
 * docs/requirements.md#redirect-rules runs for it too: a signed-out visitor goes to /login, and the
 * shop-authorisation return to /settings/stores/shopify/completed goes to /login with its query even
 * before that page exists. Signed in, it is a 404 inside the app chrome.
 */
export const Route = createFileRoute("/_authed/_app/$")({
  component: () => <ErrorPage errorCode={404} />,
});
