import type { Indicator } from "~/features/cmip6/schema";
import { catalogProductRef } from "./constants";
import type { CatalogEntry } from "./schema";

export interface PortalLink {
  href: string;
  text: string;
  external: boolean;
}

/**
 * Where a catalogue entry can be viewed: the portal screen that shows its product (explorer, viewer,
 * zoning map) or the provider's page.
 */
export function entryLinks(entry: CatalogEntry, indicators: Pick<Indicator, "tid" | "field_value">[] = []): PortalLink[] {
  const links: PortalLink[] = [];
  const ref = catalogProductRef(entry);
  if (ref?.product === "cmip6") {
    const code = indicators.find((i) => i.tid === ref.id)?.field_value;
    links.push({ href: `/cmip6-data${code ? `?indicator=${encodeURIComponent(code)}` : ""}`, text: "Open in the CMIP6 data explorer", external: false });
  } else if (ref?.product === "aez") {
    links.push({ href: `/pyaez#module-${ref.id}`, text: "Open the agro-ecological zoning map", external: false });
  } else if (ref?.product === "viewer") {
    links.push({ href: `/cmip6-viewer?layers=${encodeURIComponent(ref.id)}`, text: "Open in the CMIP6 map viewer", external: false });
  }
  if (entry.link) links.push({ href: entry.link, text: "Provider's page", external: true });
  return links;
}
