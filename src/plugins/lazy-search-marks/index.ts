import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * The local search theme highlights the searched words on the page a result
 * opens. To do so it imports mark.js (by its resolved file) into every page's
 * main bundle and, on every page load, walks the whole article to remove
 * marks that a page without search words never has: about 200 ms of main
 * thread on a phone for an API page. This points that one import at
 * `./marks.ts`, which does nothing until there is something to mark or
 * unmark, and then loads the real mark.js as a chunk of its own.
 */
export default function lazySearchMarksPlugin(): Plugin {
  return {
    name: 'lazy-search-marks',
    configureWebpack() {
      return {
        resolve: {
          alias: {
            // The package's main file, which the theme imports by its
            // resolved path; `./marks.ts` loads another file of it.
            [`${require.resolve('mark.js')}$`]: path.join(
              __dirname,
              'marks.ts',
            ),
          },
        },
      };
    },
  };
}
