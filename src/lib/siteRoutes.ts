import routes from '@generated/routes';
import {normalisePath} from './pageSuggestions';

type Route = (typeof routes)[number];

function leafPaths(routeList: Route[]): string[] {
  return routeList.flatMap((route) =>
    route.routes ? leafPaths(route.routes as Route[]) : [route.path],
  );
}

/** Every page address of the site, from the router's own route table. */
export const sitePaths = leafPaths(routes).filter((path) => path !== '*');

const knownPaths = new Set(sitePaths.map(normalisePath));

/**
 * Whether an address is exactly (case included) one of the site's pages. The
 * client router matches case-insensitively, so it cannot tell on its own.
 */
export function isSitePath(pathname: string): boolean {
  return knownPaths.has(normalisePath(pathname));
}
