import { Button } from "@blueprintjs/core";
import { useEffect, useState } from "react";

/** Enters or leaves browser fullscreen; hidden where the browser has no fullscreen. */
export function FullscreenToggle() {
  const [supported, setSupported] = useState(false);
  const [active, setActive] = useState(false);
  useEffect(() => {
    setSupported(document.fullscreenEnabled === true);
    const sync = () => setActive(document.fullscreenElement !== null);
    document.addEventListener("fullscreenchange", sync);
    return () => document.removeEventListener("fullscreenchange", sync);
  }, []);
  if (!supported) return null;
  return (
    <Button
      variant="minimal"
      icon={active ? "minimize" : "fullscreen"}
      aria-label={active ? "Exit fullscreen" : "Fullscreen"}
      title={active ? "Exit fullscreen" : "Fullscreen"}
      aria-pressed={active}
      onClick={() => {
        const request = active ? document.exitFullscreen() : document.documentElement.requestFullscreen();
        request.catch(() => setActive(document.fullscreenElement !== null));
      }}
    />
  );
}
