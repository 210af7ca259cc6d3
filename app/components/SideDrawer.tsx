import { Button, Classes, Drawer, Icon, Position } from "@blueprintjs/core";
import type { IconName } from "@blueprintjs/icons";
import { useEffect, useId, type ReactNode } from "react";

interface SideDrawerProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  icon?: IconName;
  /** @default "left" */
  side?: "left" | "right";
  /** Width in px. @default 320 */
  size?: number;
  children: ReactNode;
}

/**
 * Blueprint's Drawer as an accessible modal dialog (role, label, close button), the one drawer of the
 * portal: navigation on small screens and the customizer use it.
 */
export function SideDrawer({ isOpen, onClose, title, icon, side = "left", size = 320, children }: SideDrawerProps) {
  const titleId = useId();
  // Escape closes the drawer even in the moment before focus has moved into it.
  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented) onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [isOpen, onClose]);
  return (
    <Drawer isOpen={isOpen} onClose={onClose} position={side === "left" ? Position.LEFT : Position.RIGHT} size={size}>
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="sacap-drawer">
        <div className={Classes.DRAWER_HEADER}>
          {icon && <Icon icon={icon} aria-hidden />}
          <h2 id={titleId} className={Classes.HEADING}>
            {title}
          </h2>
          <Button variant="minimal" icon="small-cross" aria-label="Close" onClick={onClose} />
        </div>
        <div className="sacap-drawer__body">{children}</div>
      </div>
    </Drawer>
  );
}
