import type {Plugin} from '@docusaurus/types';

/**
 * A plugin that makes one module's import of `request` resolve to `file`, in
 * the browser bundle only: for swapping a dependency's internals without
 * touching anyone else's import of the same name.
 */
export function replaceModuleForIssuer(
  name: string,
  {request, issuer, file}: {request: RegExp; issuer: RegExp; file: string},
): Plugin {
  return {
    name,
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer) return {};
      return {
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(request, (resource) => {
            if (issuer.test(resource.contextInfo.issuer)) resource.request = file;
          }),
        ],
      };
    },
  };
}
