import assert from 'node:assert/strict';
import {test} from 'node:test';
import {clientConfigModule} from '../../src/plugins/client-config';
import site from '../../docusaurus.config';

test('the browser’s site config is the whole config less the plugins’ and presets’ options', () => {
  const source = clientConfigModule(site);
  const config = JSON.parse(source.replace(/^export default /, '').replace(/;\n$/, '')) as Record<
    string,
    unknown
  >;
  assert.deepEqual(
    Object.keys(config).sort(),
    Object.keys(site)
      .filter((key) => !['plugins', 'presets'].includes(key))
      .sort(),
  );
  assert.deepEqual(config.themeConfig, JSON.parse(JSON.stringify(site.themeConfig)));
  assert.equal(config.baseUrl, site.baseUrl);
  // The code themes the highlighter's options carry do not reach the browser that way.
  assert.ok(source.length < JSON.stringify(site).length / 2, `${source.length} bytes`);
});
