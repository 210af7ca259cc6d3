import type { ReactNode } from "react";

/** No chrome: a centred column (the not-found page and other standalone screens). */
export function BlankLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="sacap-blank">
      {children}
    </main>
  );
}
