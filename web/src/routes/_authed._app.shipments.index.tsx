import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { ShipmentHistory } from "../components/ShipmentHistory/ShipmentHistory";
import {
  type ShipmentFilters,
  ShipmentSearch,
  searchOf,
} from "../components/ShipmentHistory/shipment-history";

/** Every filter lives in the URL: reload, back and forward keep them, and a link shares them. */
export const Route = createFileRoute("/_authed/_app/shipments/")({
  validateSearch: ShipmentSearch,
  component: ShipmentsPage,
});

function ShipmentsPage() {
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  const onFiltersChange = (next: ShipmentFilters) => void navigate({ search: searchOf(next) });
  return (
    <>
      <PageHeader
        title="出荷履歴"
        description="発行した送り状と出荷の状況を確認し、再発行や取り消しができます。"
      />
      <ShipmentHistory filters={filters} onFiltersChange={onFiltersChange} />
    </>
  );
}
