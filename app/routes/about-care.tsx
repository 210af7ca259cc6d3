import { RoutePage } from "~/components/RoutePage";
import { AboutCare } from "~/features/static-pages/AboutCare";
import { routeMeta } from "~/lib/meta";

export default function AboutCareRoute() {
  return <RoutePage path="/about-care">
      <AboutCare />
    </RoutePage>;
}

export const meta = routeMeta("/about-care");
