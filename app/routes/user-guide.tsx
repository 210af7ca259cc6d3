import { RoutePage } from "~/components/RoutePage";
import { UserGuide } from "~/features/static-pages/UserGuide";
import { routeMeta } from "~/lib/meta";

export default function UserGuideRoute() {
  return <RoutePage path="/user-guide">
      <UserGuide />
    </RoutePage>;
}

export const meta = routeMeta("/user-guide");
