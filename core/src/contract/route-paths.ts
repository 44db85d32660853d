/**
 * A route key's parts (contract/routes.ts), apart from the definitions, so a client that only
 * builds urls does not load every schema the definitions name.
 */

/** An HTTP method of a route. */
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A route key's method and path. */
export function routeParts(key: string): { method: RouteMethod; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as RouteMethod, path: key.slice(space + 1) };
}

/** A route's path with its parameters filled in (each encoded as one path segment). */
export function routePath(key: string, params: Record<string, string | number> = {}): string {
  return routeParts(key).path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${key}: the path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}
