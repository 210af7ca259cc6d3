import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { SideDrawer } from "~/components/SideDrawer";
import { Brand } from "./Brand";
import { NavTree } from "./NavTree";

/** Navigation as an overlay drawer, for screens narrower than 960 px. Closes on navigation. */
export function NavDrawer({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { key } = useLocation();
  // mounted when first opened: close on the navigations that follow, not on that first render
  const shownAt = useRef(key);
  useEffect(() => {
    if (key === shownAt.current) return;
    shownAt.current = key;
    onClose();
  }, [key, onClose]);
  return (
    <SideDrawer isOpen={isOpen} onClose={onClose} title="Navigation" icon="menu" size={280}>
      <div className="sacap-nav-drawer__brand">
        <Brand />
      </div>
      <NavTree id="drawer" />
    </SideDrawer>
  );
}
