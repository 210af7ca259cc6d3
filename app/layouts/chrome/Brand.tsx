import { Link } from "@remix-run/react";

/** Logo and short name, linking home. */
export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <Link to="/" className="sacap-brand" aria-label="SACAP home">
      <svg className="sacap-brand__logo" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="15" fill="var(--sacap-primary)" />
        <path d="M8 20c4-1 6-5 8-9 2 4 4 8 8 9" stroke="#EFC130" strokeWidth="2.5" fill="none" strokeLinecap="round" />
        <path d="M7 24h18" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {!compact && <span className="sacap-brand__name">SACAP</span>}
    </Link>
  );
}
