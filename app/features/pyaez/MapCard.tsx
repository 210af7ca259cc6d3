import { Legend } from "~/components/Legend";
import { SampleTag } from "~/components/SampleTag";
import type { AezMapEntry } from "./anchors";
import { INFO_IMAGE_SIZE, MAP_IMAGE_SIZE, type InlineImages } from "./images";
import { SampleImage } from "./SampleImage";

interface MapCardProps {
  entry: AezMapEntry;
  /** The URL's fragment points at this card. */
  targeted: boolean;
  /** The first map of the page: its image loads at once. */
  first: boolean;
  /** Data URLs the document carries for some images (the first map's, on a first load). */
  inlineImages: InlineImages;
}

/** One map of a module: name, description, the (sample) map image, its legend and the info chart. */
export function MapCard({ entry, targeted, first, inlineImages }: MapCardProps) {
  const { child, anchor } = entry;
  const titleId = `${anchor}-title`;
  // The info chart groups the area the way the legend does (scripts/generate-aez-images.mjs).
  const by = child.legends?.[0]?.type === "gradient" ? "value" : "class";
  return (
    <article
      id={anchor}
      className={`sacap-card aez-card${targeted ? " aez-target" : ""}`}
      aria-labelledby={titleId}
      // Focus moves here when the navigator follows a link, as the browser does for fragment links.
      tabIndex={-1}
    >
      <h3 className="aez-card__title" id={titleId}>
        <span className="aez-id">{child.id}</span> {child.name}
      </h3>
      <div className="aez-card__body">
        <SampleImage
          className="aez-card__map"
          src={inlineImages[child.image] ?? child.image}
          alt={`Sample map of ${child.name} over South Asia`}
          {...MAP_IMAGE_SIZE}
          eager={first}
          what="Map"
          caption={
            <>
              <SampleTag what="map" /> Illustrative values over 60-100° E, 5-40° N, not model output.
            </>
          }
        />
        <div className="aez-card__text">
          <p className="aez-card__desc">{child.desc}</p>
          {child.legends?.map((legend, i) => <Legend key={i} legend={legend} className="aez-card__legend" />) ?? (
            <p className="aez-muted">This map has no legend.</p>
          )}
          {child.info && (
            <details className="aez-card__info">
              <summary>Area by {by} (sample chart)</summary>
              <SampleImage
                src={child.info.img}
                alt={`Sample chart: share of the land area of ${child.name} by ${by}`}
                {...INFO_IMAGE_SIZE}
                what="Chart"
                caption={`Share of the land area of the sample map in each ${by === "class" ? "class" : "value range"}.`}
              />
            </details>
          )}
        </div>
      </div>
    </article>
  );
}
