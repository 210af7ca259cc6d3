import { json, redirect, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useParams, useSearchParams, type MetaFunction } from "@remix-run/react";
import { profileClientLoader } from "~/features/profile/clientLoader";
import { ProfilePage } from "~/features/profile/ProfilePage";
import { profilePath } from "~/features/profile/profile";
import { profileViewEntry } from "~/features/profile/view.server";
import { rowsChoice, type ProfileView } from "~/features/profile/view";
import { invariantResponse } from "~/lib/http";
import { pageTitle } from "~/lib/meta";
import profileHref from "../../styles/profile.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: profileHref }];

/**
 * A place by its slug (`/profiles/sri-lanka`); its geo code redirects there (`/profiles/LKA`); else a 404.
 * Primes the page's view (`rows=all`: every row of the change tables) and returns what the title needs.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const place = context.profiles.placeOf(params.place ?? "");
  invariantResponse(place, "No such place");
  const search = new URL(request.url).search;
  if (params.place !== place.slug) throw redirect(`${profilePath(place)}${search}`, 301);
  const entry = await profileViewEntry(context, place, rowsChoice(new URL(request.url).searchParams.get("rows")));
  const view = entry.value as ProfileView;
  return json({ apiCache: [entry], name: view.place.name, signal: view.signals[0] ?? null });
}

export const clientLoader = profileClientLoader;

export default function ProfileRoute() {
  const { place = "" } = useParams();
  const [params] = useSearchParams();
  // a new place is a new page: its graphics are drawn again (the server's drawings are of the first)
  return <ProfilePage key={place} place={place} rows={rowsChoice(params.get("rows"))} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data?.name) return [{ title: pageTitle("Page not found") }];
  return [{ title: pageTitle(`${data.name} climate profile`) }, { name: "description", content: data.signal ?? `Climate profile of ${data.name}.` }];
};
