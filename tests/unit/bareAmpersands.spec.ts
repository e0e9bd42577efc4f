// The built-HTML check for a bare `&` before a name and `=`
// (tests/build/builtHtml.spec.ts), on planted pages.
import {expect, test} from '@playwright/test';
import {bareAmpersands} from '../support/html';

const page = (body: string) =>
  `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`;

test('a bare & before a name and = in text or an attribute is found', () => {
  expect(
    bareAmpersands(page('<code>GET /changes?limit=1&order=desc</code>')),
  ).toEqual([expect.stringContaining('limit=1&order=')]);
  expect(
    bareAmpersands(page('<a href="/v1/orders?limit=50&cursor=b3Jk">next</a>')),
  ).toHaveLength(1);
  expect(bareAmpersands(page("<span title='a=1&b=2'>x</span>"))).toHaveLength(
    1,
  );
});

test('&amp;, other entities and scripts and styles pass', () => {
  expect(
    bareAmpersands(
      page(
        [
          '<code>GET /changes?limit=1&amp;order=desc</code>',
          '<a href="/v1/orders?limit=50&amp;cursor=b3Jk">next</a>',
          '<p>Alder &amp; Finch &lt;b&gt; R&amp;D &copy; 2023, A & B</p>',
          '<script>if (a&&b=== 1) {}; const q = "x&order=1";</script>',
          '<style>a[href*="&order="] {color: red}</style>',
        ].join(''),
      ),
    ),
  ).toEqual([]);
});
