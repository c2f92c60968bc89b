import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * The methods a page URL takes: GET and HEAD everywhere, and POST where the route that answers it has an
 * action (its form). Any other method (PUT, DELETE, PATCH, OPTIONS, ...) is refused with 405 and an Allow
 * header before React Router sees it: React Router would run a page's action for it, or answer it with a
 * body Fastify cannot send.
 */
export function pageMethodsOf(build: ServerBuild): (pathname: string) => string[] {
  const withAction = new Set<string>();
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    if (route.module.action) withAction.add(route.id);
    const object = {
      id: route.id,
      path: route.path,
      caseSensitive: route.caseSensitive,
      ...(route.index ? { index: true as const } : {}),
    } as RouteObject;
    children.set(route.parentId, [...(children.get(route.parentId) ?? []), object]);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (children.get(parentId) ?? []).map((route) =>
      route.index ? route : { ...route, children: tree(route.id) },
    );
  const routes = tree(undefined);
  return (pathname) => {
    // React Router's data requests (/login.data, /_root.data for /) answer for the page they name.
    const page = pathname.endsWith(".data") ? pathname.slice(0, -5).replace(/^\/_root$/, "/") : pathname;
    const matched = matchRoutes(routes, page)?.at(-1);
    return matched && withAction.has(matched.route.id!) ? ["GET", "HEAD", "POST"] : ["GET", "HEAD"];
  };
}
