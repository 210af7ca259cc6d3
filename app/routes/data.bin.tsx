import { RoutePage } from "~/components/RoutePage";
import { BasketView } from "~/features/catalog/BasketView";
import { routeMeta } from "~/lib/meta";

export default function DataBinRoute() {
  return (
    <RoutePage path="/data/bin">
      <BasketView />
    </RoutePage>
  );
}

export const meta = routeMeta("/data/bin");
