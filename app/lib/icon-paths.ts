import type { IconName } from "@blueprintjs/icons";

import arrowUp from "@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-up.js";
import book from "@blueprintjs/icons/lib/esm/generated/16px/paths/book.js";
import caretDown from "@blueprintjs/icons/lib/esm/generated/16px/paths/caret-down.js";
import caretRight from "@blueprintjs/icons/lib/esm/generated/16px/paths/caret-right.js";
import chart from "@blueprintjs/icons/lib/esm/generated/16px/paths/chart.js";
import chevronBackward from "@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-backward.js";
import chevronDown from "@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-down.js";
import chevronForward from "@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-forward.js";
import chevronLeft from "@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-left.js";
import chevronRight from "@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-right.js";
import chevronUp from "@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-up.js";
import cloudUpload from "@blueprintjs/icons/lib/esm/generated/16px/paths/cloud-upload.js";
import cog from "@blueprintjs/icons/lib/esm/generated/16px/paths/cog.js";
import comparison from "@blueprintjs/icons/lib/esm/generated/16px/paths/comparison.js";
import cross from "@blueprintjs/icons/lib/esm/generated/16px/paths/cross.js";
import database from "@blueprintjs/icons/lib/esm/generated/16px/paths/database.js";
import desktop from "@blueprintjs/icons/lib/esm/generated/16px/paths/desktop.js";
import disable from "@blueprintjs/icons/lib/esm/generated/16px/paths/disable.js";
import doubleCaretVertical from "@blueprintjs/icons/lib/esm/generated/16px/paths/double-caret-vertical.js";
import doubleChevronLeft from "@blueprintjs/icons/lib/esm/generated/16px/paths/double-chevron-left.js";
import doubleChevronRight from "@blueprintjs/icons/lib/esm/generated/16px/paths/double-chevron-right.js";
import download from "@blueprintjs/icons/lib/esm/generated/16px/paths/download.js";
import duplicate from "@blueprintjs/icons/lib/esm/generated/16px/paths/duplicate.js";
import envelope from "@blueprintjs/icons/lib/esm/generated/16px/paths/envelope.js";
import error from "@blueprintjs/icons/lib/esm/generated/16px/paths/error.js";
import flash from "@blueprintjs/icons/lib/esm/generated/16px/paths/flash.js";
import flows from "@blueprintjs/icons/lib/esm/generated/16px/paths/flows.js";
import folderOpen from "@blueprintjs/icons/lib/esm/generated/16px/paths/folder-open.js";
import fullscreen from "@blueprintjs/icons/lib/esm/generated/16px/paths/fullscreen.js";
import globe from "@blueprintjs/icons/lib/esm/generated/16px/paths/globe.js";
import groupedBarChart from "@blueprintjs/icons/lib/esm/generated/16px/paths/grouped-bar-chart.js";
import heatGrid from "@blueprintjs/icons/lib/esm/generated/16px/paths/heat-grid.js";
import help from "@blueprintjs/icons/lib/esm/generated/16px/paths/help.js";
import home from "@blueprintjs/icons/lib/esm/generated/16px/paths/home.js";
import infoSign from "@blueprintjs/icons/lib/esm/generated/16px/paths/info-sign.js";
import issue from "@blueprintjs/icons/lib/esm/generated/16px/paths/issue.js";
import key from "@blueprintjs/icons/lib/esm/generated/16px/paths/key.js";
import keyCommand from "@blueprintjs/icons/lib/esm/generated/16px/paths/key-command.js";
import layers from "@blueprintjs/icons/lib/esm/generated/16px/paths/layers.js";
import manual from "@blueprintjs/icons/lib/esm/generated/16px/paths/manual.js";
import map from "@blueprintjs/icons/lib/esm/generated/16px/paths/map.js";
import menu from "@blueprintjs/icons/lib/esm/generated/16px/paths/menu.js";
import menuClosed from "@blueprintjs/icons/lib/esm/generated/16px/paths/menu-closed.js";
import menuOpen from "@blueprintjs/icons/lib/esm/generated/16px/paths/menu-open.js";
import minimize from "@blueprintjs/icons/lib/esm/generated/16px/paths/minimize.js";
import moon from "@blueprintjs/icons/lib/esm/generated/16px/paths/moon.js";
import people from "@blueprintjs/icons/lib/esm/generated/16px/paths/people.js";
import rain from "@blueprintjs/icons/lib/esm/generated/16px/paths/rain.js";
import reset from "@blueprintjs/icons/lib/esm/generated/16px/paths/reset.js";
import search from "@blueprintjs/icons/lib/esm/generated/16px/paths/search.js";
import searchAround from "@blueprintjs/icons/lib/esm/generated/16px/paths/search-around.js";
import share from "@blueprintjs/icons/lib/esm/generated/16px/paths/share.js";
import shoppingCart from "@blueprintjs/icons/lib/esm/generated/16px/paths/shopping-cart.js";
import smallCross from "@blueprintjs/icons/lib/esm/generated/16px/paths/small-cross.js";
import tag from "@blueprintjs/icons/lib/esm/generated/16px/paths/tag.js";
import tags from "@blueprintjs/icons/lib/esm/generated/16px/paths/tags.js";
import th from "@blueprintjs/icons/lib/esm/generated/16px/paths/th.js";
import thList from "@blueprintjs/icons/lib/esm/generated/16px/paths/th-list.js";
import tick from "@blueprintjs/icons/lib/esm/generated/16px/paths/tick.js";
import tickCircle from "@blueprintjs/icons/lib/esm/generated/16px/paths/tick-circle.js";
import timelineLineChart from "@blueprintjs/icons/lib/esm/generated/16px/paths/timeline-line-chart.js";
import tint from "@blueprintjs/icons/lib/esm/generated/16px/paths/tint.js";
import trash from "@blueprintjs/icons/lib/esm/generated/16px/paths/trash.js";
import tree from "@blueprintjs/icons/lib/esm/generated/16px/paths/tree.js";
import warningSign from "@blueprintjs/icons/lib/esm/generated/16px/paths/warning-sign.js";
import waves from "@blueprintjs/icons/lib/esm/generated/16px/paths/waves.js";
import wrench from "@blueprintjs/icons/lib/esm/generated/16px/paths/wrench.js";

/** 16 px paths of the icons the chrome and Blueprint's own components draw, bundled so they render on the server. */
export const BUNDLED_ICON_PATHS: Partial<Record<IconName, string[]>> = {
  "arrow-up": arrowUp,
  "book": book,
  "caret-down": caretDown,
  "caret-right": caretRight,
  "chart": chart,
  "chevron-backward": chevronBackward,
  "chevron-down": chevronDown,
  "chevron-forward": chevronForward,
  "chevron-left": chevronLeft,
  "chevron-right": chevronRight,
  "chevron-up": chevronUp,
  "cloud-upload": cloudUpload,
  "cog": cog,
  "comparison": comparison,
  "cross": cross,
  "database": database,
  "desktop": desktop,
  "disable": disable,
  "double-caret-vertical": doubleCaretVertical,
  "double-chevron-left": doubleChevronLeft,
  "double-chevron-right": doubleChevronRight,
  "download": download,
  "duplicate": duplicate,
  "envelope": envelope,
  "error": error,
  "flash": flash,
  "flows": flows,
  "folder-open": folderOpen,
  "fullscreen": fullscreen,
  "globe": globe,
  "grouped-bar-chart": groupedBarChart,
  "heat-grid": heatGrid,
  "help": help,
  "home": home,
  "info-sign": infoSign,
  "issue": issue,
  "key": key,
  "key-command": keyCommand,
  "layers": layers,
  "manual": manual,
  "map": map,
  "menu": menu,
  "menu-closed": menuClosed,
  "menu-open": menuOpen,
  "minimize": minimize,
  "moon": moon,
  "people": people,
  "rain": rain,
  "reset": reset,
  "search": search,
  "search-around": searchAround,
  "share": share,
  "shopping-cart": shoppingCart,
  "small-cross": smallCross,
  "tag": tag,
  "tags": tags,
  "th": th,
  "th-list": thList,
  "tick": tick,
  "tick-circle": tickCircle,
  "timeline-line-chart": timelineLineChart,
  "tint": tint,
  "trash": trash,
  "tree": tree,
  "warning-sign": warningSign,
  "waves": waves,
  "wrench": wrench,
};
