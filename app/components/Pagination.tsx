import { Classes, Icon } from "@blueprintjs/core";
import type { IconName } from "@blueprintjs/icons";
import { Link } from "@remix-run/react";
import { pageItems } from "~/lib/pagination";

interface PaginationProps {
  /** Current page, 1-based. */
  page: number;
  pageCount: number;
  /** URL of a page (links keep the state in the URL and work without JavaScript). */
  hrefFor: (page: number) => string;
  /** Accessible name of the bar. @default "Pagination" */
  label?: string;
}

const buttonClass = `${Classes.BUTTON} ${Classes.SMALL} ${Classes.MINIMAL} sacap-pagination__item`;

function Step({ icon, label, page, disabled, hrefFor }: { icon: IconName; label: string; page: number; disabled: boolean; hrefFor: (page: number) => string }) {
  if (disabled) {
    return (
      <span className={`${buttonClass} ${Classes.DISABLED}`} aria-disabled="true" title={label}>
        <Icon icon={icon} aria-hidden />
        <span className="sacap-visually-hidden">{label}</span>
      </span>
    );
  }
  return (
    <Link className={buttonClass} to={hrefFor(page)} title={label} preventScrollReset>
      <Icon icon={icon} aria-hidden />
      <span className="sacap-visually-hidden">{label}</span>
    </Link>
  );
}

/** Compact pagination with first and last buttons (spec section 9). */
export function Pagination({ page, pageCount, hrefFor, label = "Pagination" }: PaginationProps) {
  const atStart = page <= 1;
  const atEnd = page >= pageCount;
  return (
    <nav className="sacap-pagination" aria-label={label}>
      <Step icon="double-chevron-left" label="First page" page={1} disabled={atStart} hrefFor={hrefFor} />
      <Step icon="chevron-left" label="Previous page" page={page - 1} disabled={atStart} hrefFor={hrefFor} />
      {pageItems(page, pageCount).map((item) =>
        item.kind === "gap" ? (
          <span key={item.key} className="sacap-pagination__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={item.page}
            to={hrefFor(item.page)}
            preventScrollReset
            className={`${buttonClass}${item.page === page ? ` ${Classes.ACTIVE} ${Classes.INTENT_PRIMARY}` : ""}`}
            aria-current={item.page === page ? "page" : undefined}
            aria-label={`Page ${item.page}`}
          >
            {item.page}
          </Link>
        ),
      )}
      <Step icon="chevron-right" label="Next page" page={page + 1} disabled={atEnd} hrefFor={hrefFor} />
      <Step icon="double-chevron-right" label="Last page" page={pageCount} disabled={atEnd} hrefFor={hrefFor} />
      <span className="sacap-pagination__summary">
        {`Page ${Math.min(page, pageCount)} of ${pageCount}`}
      </span>
    </nav>
  );
}
