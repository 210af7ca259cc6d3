import { json, redirect, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { ProfilePage, type ProfilePageData } from "~/features/profile/ProfilePage";
import { profilePath } from "~/features/profile/profile";
import { invariantResponse } from "~/lib/http";
import { pageTitle } from "~/lib/meta";
import profileHref from "../../styles/profile.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: profileHref }];

/** A place by its slug (`/profiles/sri-lanka`); its geo code redirects there (`/profiles/LKA`); else a 404. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const place = context.profiles.placeOf(params.place ?? "");
  invariantResponse(place, "No such place");
  if (params.place !== place.slug) throw redirect(profilePath(place), 301);
  const page = await context.profiles.page(place);
  return json({ ...page, url: new URL(profilePath(place), context.origin).href });
}

export default function ProfileRoute() {
  const data = useLoaderData<typeof loader>() as unknown as ProfilePageData & { url: string };
  return <ProfilePage {...data} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const profile = (data as unknown as ProfilePageData | undefined)?.profile;
  if (!profile) return [{ title: pageTitle("Page not found") }];
  return [
    { title: pageTitle(`${profile.place.name} climate profile`) },
    { name: "description", content: profile.signals[0] ?? `Climate profile of ${profile.place.name}.` },
  ];
};
