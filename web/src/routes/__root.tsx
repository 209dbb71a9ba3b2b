import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { ErrorPage, errorPageProps } from "../components/ErrorPage/ErrorPage";
import type { RouterContext } from "../lib/router-context";

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: () => <ErrorPage errorCode={404} />,
  errorComponent: ({ error }) => <ErrorPage {...errorPageProps(error)} />,
});
