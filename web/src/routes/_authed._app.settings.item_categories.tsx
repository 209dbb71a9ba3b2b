import { createFileRoute } from "@tanstack/react-router";
import { ItemCategoriesSettings } from "../components/ItemCategoriesSettings/ItemCategoriesSettings";
import { brandQueryOptions } from "../queries/brands";
import { itemCategoriesQueryOptions } from "../queries/item-categories";

export const Route = createFileRoute("/_authed/_app/settings/item_categories")({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(itemCategoriesQueryOptions()),
      queryClient.ensureQueryData(brandQueryOptions()),
    ]),
  component: ItemCategoriesSettings,
});
