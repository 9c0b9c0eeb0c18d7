/**
 * The catch-all route's component in the browser bundle: renders the lazy
 * route at the current path (or the not-found page), loading it first if it
 * is not loaded yet. Loading shows `@theme/Loading` like any route: the
 * spinner, then an error with Retry if the route cannot be loaded.
 */
import React from 'react';
import Loadable from 'react-loadable';
import Loading from '@theme/Loading';
import {routePath} from '@site/src/lib/route-files';
import {loadRoute, type RouteProps} from './lazyRoutes';

/** Docusaurus's react-loadable fork returns the load's promise from `preload()`. */
type LoadableRoute = React.ComponentType<RouteProps> & {preload: () => Promise<unknown>};

const byPath = new Map<string, LoadableRoute>();

/** One loadable per path, so a route is loaded once and keeps its identity. */
export function loadableRoute(path: string): LoadableRoute {
  let loadable = byPath.get(path);
  if (!loadable) {
    loadable = Loadable<RouteProps, object>({
      loading: Loading,
      loader: () => loadRoute(path),
    }) as unknown as LoadableRoute;
    byPath.set(path, loadable);
  }
  return loadable;
}

export default function LazyRoute(props: RouteProps): React.ReactNode {
  // One component per path, made once and kept (loadableRoute): the same path
  // renders the same component type on every render, so nothing remounts.
  const Route = loadableRoute(routePath(props.location.pathname));
  // eslint-disable-next-line react-hooks/static-components
  return <Route {...props} />;
}
