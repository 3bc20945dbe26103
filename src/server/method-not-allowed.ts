// Which methods a path answers to, from the routes the app registered, so that a request with the
// wrong method gets 405 and an `Allow` header instead of 404.

/** A route's URL pattern as a test for concrete paths (`:name` matches one non-empty segment). */
function matcher(pattern: string): (path: string) => boolean {
  const segments = pattern.split("/");
  return (path) => {
    const parts = path.split("/");
    return parts.length === segments.length && segments.every((s, i) => (s.startsWith(":") ? parts[i] !== "" : s === parts[i]));
  };
}

export class RouteMethods {
  private readonly routes = new Map<string, { matches: (path: string) => boolean; methods: Set<string> }>();

  add(pattern: string, method: string | string[]): void {
    let entry = this.routes.get(pattern);
    if (!entry) this.routes.set(pattern, (entry = { matches: matcher(pattern), methods: new Set() }));
    for (const m of [method].flat()) entry.methods.add(m);
  }

  /** The methods allowed on a concrete path (without its query), or none when no route has it. */
  allowed(url: string): string[] {
    const path = url.split("?")[0]!;
    return [...new Set([...this.routes.values()].filter((r) => r.matches(path)).flatMap((r) => [...r.methods]))].sort();
  }
}
