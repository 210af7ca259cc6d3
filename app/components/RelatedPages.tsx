import { Link } from "@remix-run/react";
import { NAVIGABLE_ROUTES, NAV_GROUPS, type PortalRoute } from "~/features/navigation/routes";

/** The other pages of the same area, with what each is for. */
export function RelatedPages({ route }: { route: PortalRoute }) {
  const group = NAV_GROUPS.find((g) => g.id === route.group);
  const related = NAVIGABLE_ROUTES.filter((other) => other.group === route.group && other.path !== route.path);
  if (!group || related.length === 0) return null;
  return (
    <nav className="sacap-related" aria-label={`More in ${group.title}`}>
      <h2 className="sacap-related__title">More in {group.title}</h2>
      <ul className="sacap-related__list">
        {related.map((other) => (
          <li key={other.path}>
            <Link to={other.path}>{other.title}</Link>
            <span className="sacap-related__description">{other.description}</span>
          </li>
        ))}
      </ul>
    </nav>
  );
}
