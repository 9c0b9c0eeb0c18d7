// config/faster.ts: the Faster key each Docusaurus version's configValidation
// takes (read from @docusaurus/core 3.7.0, 3.8.1, 3.9.2, 3.10.0 and 3.10.2).
import {strict as assert} from 'node:assert';
import {test} from 'node:test';
import {fasterFuture} from '../../config/faster';

test('3.7: experimental_faster alone', () => {
  assert.deepEqual(fasterFuture('3.7.0'), {experimental_faster: true});
});

test('3.8 and 3.9: still experimental_faster, with the v4 flag its worker threads require', () => {
  for (const version of ['3.8.0', '3.8.1', '3.9.0', '3.9.2']) {
    assert.deepEqual(
      fasterFuture(version),
      {experimental_faster: true, v4: {removeLegacyPostBuildHeadAttribute: true}},
      version,
    );
  }
});

test('3.10 on: renamed to faster', () => {
  for (const version of ['3.10.0', '3.10.2', '3.11.0', '4.0.0']) {
    assert.deepEqual(
      fasterFuture(version),
      {faster: true, v4: {removeLegacyPostBuildHeadAttribute: true}},
      version,
    );
  }
});
