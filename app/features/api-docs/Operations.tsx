import { EndpointSection } from "./EndpointSection";
import type { ApiDocsView, EndpointView } from "./openapi";

const tagId = (name: string) => `api-tag-${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

/**
 * Every endpoint of the description, grouped under its tag. The server renders it into the document
 * (`operations.server.tsx`); after a client navigation the page renders it from the description it loaded.
 */
export function Operations({ tags, endpoints, origin }: { tags: ApiDocsView["tags"]; endpoints: readonly EndpointView[]; origin: string }) {
  return (
    <>
      {tags.map((tag) => (
        <section key={tag.name} aria-labelledby={tagId(tag.name)}>
          <h2 id={tagId(tag.name)}>{tag.name}</h2>
          <p>{tag.description}</p>
          {endpoints
            .filter((e) => e.tag === tag.name)
            .map((e) => (
              <EndpointSection key={e.id} endpoint={e} origin={origin} />
            ))}
        </section>
      ))}
    </>
  );
}
