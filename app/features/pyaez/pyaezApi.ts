import { api } from "~/store/api";
import { OPEN_MODULE_PARAM, type AezView } from "./view";

/** The view of /pyaez (`/api/views/pyaez`): every module and map by name, the open module's maps in full. */
export const pyaezApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The argument is the `?module=` value ("" for the first module with maps). */
    getAezView: build.query<AezView, string>({
      query: (open) => (open ? `views/pyaez?${new URLSearchParams({ [OPEN_MODULE_PARAM]: open })}` : "views/pyaez"),
    }),
  }),
});

export const { useGetAezViewQuery } = pyaezApi;
