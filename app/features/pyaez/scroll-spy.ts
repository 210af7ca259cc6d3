/** Where an anchored element is: its id and its top edge relative to the viewport, in px. */
export interface AnchorPosition {
  anchor: string;
  top: number;
}

export interface ScrollSpyView {
  /** An element counts as reached once its top is at or above this line (px from the viewport top). */
  line: number;
  viewportHeight: number;
  /** The page cannot scroll further down. */
  atBottom: boolean;
  /** The anchor of the URL's fragment, if any. */
  hashAnchor?: string;
}

/**
 * The anchor the reader is at: the last element (in document order) whose top has reached the line.
 * At the bottom of the page the last items may never reach the line; then the fragment's target wins
 * when it is on screen, so following a link to one of them marks that one. Before the first element,
 * the first one.
 */
export function currentAnchor(positions: readonly AnchorPosition[], view: ScrollSpyView): string | undefined {
  if (view.atBottom && view.hashAnchor) {
    const target = positions.find((p) => p.anchor === view.hashAnchor);
    if (target && target.top >= 0 && target.top < view.viewportHeight) return target.anchor;
  }
  let current = positions[0]?.anchor;
  for (const position of positions) {
    if (position.top <= view.line) current = position.anchor;
    else break;
  }
  return current;
}
