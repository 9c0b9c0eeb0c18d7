import {useLocation} from '@docusaurus/router';
import {routePath} from '@site/src/lib/route-files';
import {serverJsonLd} from './lazyRoutes';

/** The JSON-LD the server computed for this route (see lazyRoutes.ts `serverJsonLd`). */
export default function useServerJsonLd(): string | undefined {
  const {pathname} = useLocation();
  let path = pathname;
  try {
    path = decodeURI(pathname);
  } catch {
    // An undecodable path is left as it is, like the router does.
  }
  return serverJsonLd(routePath(path));
}
