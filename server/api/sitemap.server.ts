import type { LoaderFunctionArgs } from "@remix-run/node";
import { PORTAL_ROUTES } from "~/features/navigation/routes";
import { profilePath } from "~/features/profile/profile";

/**
 * `/sitemap.xml` (sitemaps.org 0.9): every page of the portal's route registry without a dynamic segment,
 * and every place's climate profile (countries, basins, states and provinces), as absolute addresses on the
 * portal's origin (`PUBLIC_URL`, or the request's). Built per request from the lists in memory; a day's
 * cache lifetime.
 */
export function sitemapLoader({ context }: LoaderFunctionArgs): Response {
  const origin = context.origin;
  const pages = PORTAL_ROUTES.filter((r) => !r.path.includes(":")).map((r) => r.path);
  const profiles = context.profiles.places().map((p) => profilePath(p));
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const urls = [...new Set([...pages, "/profiles", ...profiles])].map((p) => `<url><loc>${escape(new URL(p, origin).href)}</loc></url>`);
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=86400", ...(context.originVary ? { Vary: context.originVary } : {}) },
  });
}
