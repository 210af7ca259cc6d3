import type { SearchItem } from "~/features/navigation/search-items";
import { aezEntries, anchorHref } from "./anchors";
import type { AezModule } from "./schema";

export const AEZ_SEARCH_LABEL = "Agro-ecological zoning";

/**
 * Navigation search destinations for the AEZ browser: each module and each of its maps, linking to
 * their anchors on /pyaez (the second map with a reused id links to its own suffixed anchor).
 */
export function aezSearchItems(modules: readonly AezModule[]): SearchItem[] {
  return aezEntries(modules).flatMap((entry) => [
    {
      href: anchorHref(entry.anchor),
      title: `Module ${entry.module.id}: ${entry.module.name}`,
      label: AEZ_SEARCH_LABEL,
      keywords: "AEZ",
    },
    ...entry.maps.map(({ child, anchor }) => ({
      href: anchorHref(anchor),
      // The id tells apart maps of the same name in different modules ("Yield Class Rainfed").
      title: `${child.id} ${child.name}`,
      label: AEZ_SEARCH_LABEL,
      keywords: [entry.module.name, ...new Set((child.legends ?? []).map((legend) => legend.title).filter(Boolean))].join(" "),
    })),
  ]);
}
