import { methodNotAllowed } from "~server/api/responses.server";
import { sitemapLoader } from "~server/api/sitemap.server";

export const loader = sitemapLoader;
export const action = methodNotAllowed;
