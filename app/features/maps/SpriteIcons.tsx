import type { IconName } from "@blueprintjs/icons";
import { BUNDLED_ICON_PATHS } from "~/lib/icon-paths";

/**
 * Icons repeated down a long list (the layer list's move buttons, twice per layer) defined once and used by
 * reference: each use is a few bytes of markup instead of the icon's path. They look and size as
 * Blueprint's `Icon` does (the same classes, 16 px, the path inherits the text colour).
 */
export function IconSprite({ prefix, icons }: { prefix: string; icons: readonly IconName[] }) {
  return (
    <svg className="sacap-icon-sprite" width="0" height="0" aria-hidden="true" focusable="false" style={{ position: "absolute" }}>
      <defs>
        {icons.map((icon) => (
          <path key={icon} id={spriteId(prefix, icon)} d={(BUNDLED_ICON_PATHS[icon] ?? []).join(" ")} fillRule="evenodd" />
        ))}
      </defs>
    </svg>
  );
}

/** An icon of an `IconSprite` on the page, given to a Blueprint `Button` as its `icon`. */
export function SpriteIcon({ prefix, icon }: { prefix: string; icon: IconName }) {
  return (
    <span aria-hidden="true" className={`bp6-icon bp6-icon-${icon}`}>
      <svg width="16" height="16" viewBox="0 0 16 16">
        <use href={`#${spriteId(prefix, icon)}`} />
      </svg>
    </span>
  );
}

const spriteId = (prefix: string, icon: IconName) => `${prefix}-${icon}`;
