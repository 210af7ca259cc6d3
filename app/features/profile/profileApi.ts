import { api } from "~/store/api";
import type { ProfileRowsChoice, ProfileView } from "./view";

/** The argument of a profile's view: the place's slug and which rows of the change tables. */
export interface ProfileViewArg {
  place: string;
  rows: ProfileRowsChoice;
}

/** The request path of a profile's view (under /api). */
export const profileViewUrl = ({ place, rows }: ProfileViewArg) => `/views/profile/${encodeURIComponent(place)}${rows === "all" ? "?rows=all" : ""}`;

/** A place profile's view (decision 026): primed by the page's loader, fetched on later navigations. */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfileView: build.query<ProfileView, ProfileViewArg>({
      query: profileViewUrl,
    }),
  }),
});

export const { useGetProfileViewQuery } = profileApi;
