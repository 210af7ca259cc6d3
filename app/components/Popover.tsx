import { PopoverNext, type PopoverNextProps } from "@blueprintjs/core";

/**
 * The portal's popover: Blueprint's `PopoverNext` (Floating UI; the legacy `Popover` brought Popper.js to
 * every page, decision 016), keeping the legacy behaviour of leaving focus where the user's choice put it
 * on close. `menu` gives menus of links and choices the flat look: no arrow, no scaling animation.
 * Lazy: its layer is added to the page when it first opens. Blueprint's default adds an empty one for every
 * popover as the page hydrates (ten on a catalogue page), each a render and a change of the page's body.
 */
export function Popover({ menu = false, ...props }: PopoverNextProps & { menu?: boolean }) {
  return <PopoverNext lazy shouldReturnFocusOnClose={false} {...(menu ? { animation: "minimal" as const, arrow: false } : {})} {...props} />;
}
