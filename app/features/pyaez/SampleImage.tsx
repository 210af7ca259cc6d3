import { Icon } from "@blueprintjs/core";
import { useEffect, useRef, useState, type ReactNode } from "react";

interface SampleImageProps {
  /** Image path; empty means there is no image. */
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Load at once (the first map on the page) rather than when scrolled near. */
  eager?: boolean;
  /** What the image is, for the missing state ("Map", "Chart"). */
  what: string;
  /** Shown under the image; replaced by the missing state's note when there is no image. */
  caption: ReactNode;
  className?: string;
}

/**
 * A sized, lazily loaded image in a figure, or a clear "not available" box of the same size when the
 * path is empty or the image fails to load.
 */
export function SampleImage({ src, alt, width, height, eager = false, what, caption, className }: SampleImageProps) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);

  useEffect(() => {
    setFailed(false);
    // An image that failed before hydration fired its error event before React listened for it.
    const img = image.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, [src]);

  const missing = failed || src === "";
  return (
    <figure className={["aez-figure", missing ? "aez-figure--missing" : "", className].filter(Boolean).join(" ")}>
      {/* The frame keeps the image's place whether it is shown, not yet shown (styles/pyaez.css) or missing. */}
      <div className="aez-figure__frame" style={{ aspectRatio: `${width} / ${height}` }}>
        {missing ? (
          <div className="aez-figure__missing" role="img" aria-label={`${alt}: ${what.toLowerCase()} not available`}>
            <Icon icon="disable" aria-hidden />
            <span className="aez-figure__missing-title">{what} not available</span>
          </div>
        ) : (
          <img
            ref={image}
            src={src}
            alt={alt}
            width={width}
            height={height}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            onError={() => setFailed(true)}
          />
        )}
      </div>
      <figcaption className="aez-figure__caption">
        {missing ? `The ${what.toLowerCase()} could not be loaded; the legend beside it still describes the classes and ranges.` : caption}
      </figcaption>
    </figure>
  );
}
