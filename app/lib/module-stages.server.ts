import { readFileSync } from "node:fs";
import path from "node:path";
import type { EntryContext } from "@remix-run/node";

/** A built browser module's static imports, as paths from the site root. */
export type ModuleImports = (href: string) => readonly string[];

/**
 * One import or re-export-from statement at the current position (esbuild writes them first, minified),
 * after any line comments (the build's compile hint is one, `scripts/compile-hints.mjs`).
 */
const LEADING_IMPORT = /(?:\s|\/\/[^\n]*\n)*(?:import|export)\s*(?:[\w$*{][^;"'()]*?from\s*)?["']([^"']+)["']\s*;?/y;

/**
 * The modules a built module imports statically, in the order it imports them: the leading `import` and
 * `export … from` statements only (dynamic `import()` is not followed), resolved against the module's own
 * path.
 */
export function staticImports(source: string, href: string): string[] {
  const found: string[] = [];
  LEADING_IMPORT.lastIndex = 0;
  for (let m = LEADING_IMPORT.exec(source); m; m = LEADING_IMPORT.exec(source)) {
    found.push(new URL(m[1], new URL(href, "http://site")).pathname);
  }
  return found;
}

/**
 * Reads the static imports of the files under `buildDir` (served at `publicPath`), each file once: the
 * names are hashed, so a name never changes its content. A file that is not there imports nothing.
 */
export function moduleImportsFrom(buildDir: string, publicPath: string): ModuleImports {
  const known = new Map<string, string[]>();
  return (href) => {
    let imports = known.get(href);
    if (!imports) {
      let source = "";
      if (href.startsWith(publicPath)) {
        try {
          source = readFileSync(path.join(buildDir, href.slice(publicPath.length)), "utf8");
        } catch {
          source = "";
        }
      }
      imports = staticImports(source, href);
      known.set(href, imports);
    }
    return imports;
  };
}

/**
 * The order in which the browser would evaluate the modules reachable from `roots` (each module after the
 * modules it imports, each once), which is the order in which they can be evaluated one per task: importing
 * them in turn, every import finds its dependencies done and runs only its own module's top level.
 */
export function evaluationOrder(roots: readonly string[], importsOf: ModuleImports): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (href: string) => {
    if (seen.has(href)) return;
    seen.add(href);
    for (const dependency of importsOf(href)) visit(dependency);
    order.push(href);
  };
  roots.forEach(visit);
  return order;
}

/**
 * The modules of the document Remix renders, without the entry module (whose top level hydrates the page,
 * so it runs last, from Remix's own script): the route manifest's module (unless routes are discovered
 * lazily), the entry's imports, then each matched route's imports and module, as Remix preloads them.
 */
export function pageModules(context: EntryContext): string[] {
  const { manifest } = context;
  const routes = context.staticHandlerContext.matches.map((match) => manifest.routes[match.route.id]).filter((route) => route !== undefined);
  return [
    ...(context.future.v3_lazyRouteDiscovery ? [] : [manifest.url]),
    ...manifest.entry.imports,
    ...routes.flatMap((route) => [...(route.imports ?? []), route.module]),
  ];
}
