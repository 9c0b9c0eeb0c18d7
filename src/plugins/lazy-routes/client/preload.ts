/**
 * Stands in for @docusaurus/core 3.7.0 lib/client/preload.js (see ../index.ts):
 * the same matching of the path, raw and decoded, against the route table,
 * except that a path the table leaves to the catch-all preloads its lazy
 * route (or the not-found page) instead of the not-found page alone.
 */
import {matchRoutes} from 'react-router-config';
import routes from '@generated/routes';
import LazyRoute, {loadableRoute} from './LazyRoute';
import {routePath} from '@site/src/lib/route-files';

export default function preload(pathname: string): Promise<unknown[]> {
  const paths = [...new Set([pathname, decodeURI(pathname)])];
  const lazyPaths = new Set<string>();
  const loads: (Promise<unknown> | undefined)[] = [];
  for (const path of paths) {
    for (const {route} of matchRoutes(routes, path)) {
      if (route.component === LazyRoute) lazyPaths.add(routePath(decodeURI(path)));
      // Docusaurus's react-loadable returns the load's promise (typed void).
      else loads.push((route.component.preload as (() => Promise<unknown>) | undefined)?.());
    }
  }
  for (const path of lazyPaths) loads.push(loadableRoute(path).preload());
  return Promise.all(loads);
}
