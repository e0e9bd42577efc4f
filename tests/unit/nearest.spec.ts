import {expect, test} from '@playwright/test';
import {
  editDistance,
  nearest,
  nearestAll,
  typoDistance,
} from '../../src/model/nearest';

test('counts single-character edits', () => {
  expect(editDistance('login', 'login')).toBe(0);
  expect(editDistance('logn', 'login')).toBe(1);
  expect(editDistance('kitten', 'sitting')).toBe(3);
});

test('suggests the nearest candidate, the first of those equally near', () => {
  expect(nearest('acept', ['refuse', 'accept', 'except'])).toBe('accept');
  expect(nearest('cat', ['bat', 'hat'])).toBe('bat');
  expect(nearest('anything', [])).toBeUndefined();
});

test('suggests nothing farther than the distance allowed', () => {
  expect(nearest('colour', ['number'], {maxDistance: 2})).toBeUndefined();
  expect(
    nearest('Shipd', ['Shipped'], {maxDistance: typoDistance('Shipd')}),
  ).toBe('Shipped');
  expect(typoDistance('ab')).toBe(2);
  expect(typoDistance('abcdefghi')).toBe(3);
});

test('compares in lower case when asked, and returns the candidate as written', () => {
  expect(nearest('CANCEL', ['Cancel', 'CANCER'])).toBe('CANCER');
  expect(nearest('CANCEL', ['Cancel', 'CANCER'], {ignoreCase: true})).toBe(
    'Cancel',
  );
});

test('ranks every candidate within reach by a distance of its own', () => {
  const lastSegment = (path: string) => path.slice(path.lastIndexOf('/') + 1);
  expect(
    nearestAll('/docs/logn', ['/docs/a/login', '/docs/login', '/blog/x'], {
      maxDistance: 3,
      distance: (name, candidate) =>
        editDistance(lastSegment(name), lastSegment(candidate)),
    }),
  ).toEqual(['/docs/a/login', '/docs/login']);
});
