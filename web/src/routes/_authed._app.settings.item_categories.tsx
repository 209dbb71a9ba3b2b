import { createFileRoute } from "@tanstack/react-router";
import { ItemCategoriesSettings } from "../components/ItemCategoriesSettings/ItemCategoriesSettings";
import { brandQueryOptions } from "../queries/brands";
import { itemCategoriesQueryOptions } from "../queries/item-categories";
import { loadQueries } from "../queries/preload";

export const Route = createFileRoute("/_authed/_app/settings/item_categories")({
  loader: loadQueries(itemCategoriesQueryOptions, brandQueryOptions),
  component: ItemCategoriesSettings,
});
