/**
 * The class of a select with a long list (the place lists, the explorer's indicators), given to Blueprint's
 * `HTMLSelect` as its `className` (its wrapper's).
 *
 * A select whose width is not a set length takes the width of its longest option, and the browser finds it
 * by laying out the label of every option: 184 places on each place list, four of them on the comparison.
 * A select inside a closed fold is no exception: there it makes the browser style and lay out the fold's
 * whole content, which is why a phone's closed folds that hold one are left out of the rendering
 * (`styles/app.css`, `.sacap-fold`). At a mid-tier phone's speed the labels' layout was 30-75 ms of every
 * load's layout on the explorer, the analyses and the comparison (decision 028, "Selects of many
 * options"). A set width (`styles/app.css`) needs none of it; the list shows every label in full when
 * opened, and a narrower column still fills (`max-width`).
 */
export const LONG_SELECT = "sacap-long-select";
