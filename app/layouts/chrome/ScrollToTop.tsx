import { Button } from "@blueprintjs/core";
import { useEffect, useState } from "react";

/** Spec section 9: hidden until the page is scrolled more than 200 px. */
export const SCROLL_TO_TOP_THRESHOLD = 200;

export function ScrollToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TO_TOP_THRESHOLD);
    // read with the next frame's layout: reading the scroll position in the effect forced a layout of the
    // whole page in the task that hydrated it (a page opened scrolled, as by Back, shows the button then)
    const first = requestAnimationFrame(update);
    window.addEventListener("scroll", update, { passive: true });
    return () => {
      cancelAnimationFrame(first);
      window.removeEventListener("scroll", update);
    };
  }, []);
  if (!visible) return null;
  return (
    <Button
      className="sacap-scroll-top"
      intent="primary"
      icon="arrow-up"
      aria-label="Scroll to top"
      title="Scroll to top"
      onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
    />
  );
}
