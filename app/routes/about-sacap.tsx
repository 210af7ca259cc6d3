import { RoutePage } from "~/components/RoutePage";
import { AboutSacap } from "~/features/static-pages/AboutSacap";
import { routeMeta } from "~/lib/meta";

export default function AboutSacapRoute() {
  return <RoutePage path="/about-sacap">
      <AboutSacap />
    </RoutePage>;
}

export const meta = routeMeta("/about-sacap");
