import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RoutePage } from "~/components/RoutePage";
import { ProfileIndex } from "~/features/profile/ProfileIndex";
import { routeMeta } from "~/lib/meta";

export function loader({ context }: LoaderFunctionArgs) {
  return json({ places: context.profiles.places() });
}

export default function ProfilesRoute() {
  const { places } = useLoaderData<typeof loader>();
  return (
    <RoutePage path="/profiles">
      <ProfileIndex places={places} />
    </RoutePage>
  );
}

export const meta = routeMeta("/profiles");
