import path from 'node:path';
import {expect, test} from '@playwright/test';
import {
  loadApiModel,
  type ApiModel,
} from '../../src/plugins/openapi-reference/model';
import {retrievalProblems} from '../../src/plugins/openapi-reference/rules/retrievals';
import type {JsonValue, LoadedSpec} from '../../src/model/openapi-types';
import {latestRelease} from '../../src/plugins/openapi-reference/releases';

/**
 * A retrieval's shown example (the first of its 200) is what the world
 * answers its page's sample: the object the sample's path names, at now.
 */

const siteDir = path.join(__dirname, '..', '..');
let model: ApiModel;

test.beforeAll(async () => {
  model = await loadApiModel(siteDir);
});

/** A copy of the latest document with GET /images/{id}'s first example changed. */
function withImageExample(
  change: (value: Record<string, JsonValue>) => void,
): LoadedSpec {
  const spec = structuredClone(model.releases.get(latestRelease)!);
  const media =
    spec.document.paths['/images/{id}']!.get!.responses['200']!.content![
      'application/json'
    ]!;
  const [first] = Object.values(media.examples!);
  change(first!.value as Record<string, JsonValue>);
  return spec;
}

test('every retrieval of both releases shows the object its sample names, at now', () => {
  for (const spec of model.releases.values()) {
    expect(retrievalProblems(spec, model.world, 'openapi.yaml')).toEqual([]);
  }
});

test('a retrieval that shows another object than its sample names is one line', () => {
  const spec = withImageExample((value) => {
    value.id = 'img_7Dk2Pw7';
  });
  expect(retrievalProblems(spec, model.world, 'openapi.yaml')).toEqual([
    expect.stringMatching(
      /: the example of GET \/images\/\{id\} \(2023-07\) shows img_7Dk2Pw7, but its sample asks for img_7Dk2Pw5\. /,
    ),
  ]);
});

test('a retrieval that shows its object at a moment after now is one line', () => {
  const spec = withImageExample((value) => {
    value.updated_at = '2023-05-06T07:15:03Z';
  });
  expect(retrievalProblems(spec, model.world, 'openapi.yaml')).toEqual([
    expect.stringMatching(
      /: the example of GET \/images\/\{id\} \(2023-07\) shows img_7Dk2Pw5 as it is at 2023-05-06T07:15:03Z, after the world's now \(2023-05-04T16:00:00Z\); a retrieval answers the object as it is now \(updated_at 2023-04-12T09:03:26Z\)\./,
    ),
  ]);
});
