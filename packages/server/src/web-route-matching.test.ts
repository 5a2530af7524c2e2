import { createMemoryRouter, matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { loadWebBuild } from "./web.ts";

/**
 * React Router's matcher is patched (patches/react-router+8.4.0.patch, decision 038) to try
 * only the routes a path's first segment can reach. Its answers must stay those of React
 * Router's own algorithm, which matchRoutes still runs over every route.
 */
type Manifest = ServerBuild["routes"];

function routeTree(manifest: Manifest, parentId?: string): RouteObject[] {
  return Object.values(manifest).flatMap((route): RouteObject[] => {
    if (!route || route.parentId !== parentId) return [];
    const { id, path, caseSensitive } = route;
    if (route.index) return [{ id, path, caseSensitive, index: true }];
    return [{ id, path, caseSensitive, children: routeTree(manifest, id) }];
  });
}

/** A path each route answers, with its parameters and splat filled in. */
const examplePath = (path: string) =>
  `/${path.replace(/:[\w-]+/g, "42").replace(/\*$/, "a/b")}`.replace(/\/+/g, "/");

let routes: RouteObject[];
let paths: string[];

beforeAll(async () => {
  const build = await loadWebBuild();
  routes = routeTree(build.routes);
  const examples = Object.values(build.routes).map((route) => examplePath(route?.path ?? ""));
  paths = [
    ...examples,
    ...examples.map((path) => path.toUpperCase()),
    ...examples.map((path) => `${path}/`),
    ...examples.map((path) => `${path}/extra`),
    ...examples.map((path) => `/${path}`),
    ...examples.map((path) =>
      path.replace(/^\/(.)/, (_, first: string) => `/%${first.charCodeAt(0).toString(16)}`),
    ),
    "/",
    "",
    "/STORY/7/Rankings",
    "/\u017Ftory/7",
    "/stories/fantasy%2Fdark",
    "/12345",
    "/12345/",
    "/no-such-place/at/all",
    "/story",
    "/myworks/3/write/9",
  ];
});

describe("matching a path to the web app's routes", () => {
  it("finds what React Router's own algorithm finds, for every route and its variants", () => {
    const router = createMemoryRouter(routes);
    const ids = (matches: ReturnType<typeof matchRoutes>) =>
      matches?.map((match) => `${match.route.id} ${JSON.stringify(match.params)}`) ?? null;
    expect(paths.length).toBeGreaterThan(300);
    for (const path of paths) {
      expect(ids(router.match(path)), path).toEqual(ids(matchRoutes(routes, path)));
    }
  });
});
