import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {elementsOf} from './html';
import {basePath, buildDir} from './site';
import {sweptPaths} from './sitemap';

/** A guide's figure (src/components/AppFigure) as the build wrote it. */
export interface BuiltFigure {
  /** The page holding it. */
  path: string;
  /** Its component's name (`data-figure`). */
  name: string;
  /** Its caption, as a reader hears it: the figure's accessible name. */
  caption: string;
  /** A phrase its drawing holds as text: its first world fact, else its first label. */
  text: string;
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Every figure of every page the sweep visits, read from the built HTML, so
 * a new figure is tested once it is on a page and no list repeats the
 * figures' texts. A figure whose drawing holds no label or fact as text
 * has a `text` of '' and fails its test.
 */
export function builtFigures(): BuiltFigure[] {
  return sweptPaths().flatMap((page) => {
    const file = path.join(buildDir, page.slice(basePath.length), 'index.html');
    if (!existsSync(file)) {
      return [];
    }
    return elementsOf(readFileSync(file, 'utf8'))
      .filter((element) => element.attribute('data-figure') !== undefined)
      .map((figure) => {
        const inside = figure.descendants();
        const figcaption = inside.find(({tag}) => tag === 'figcaption');
        const captionParts = new Set(figcaption?.descendants());
        const caption = figcaption?.descendants().find(({tag}) => tag === 'p');
        const drawing = inside.filter(
          (element) => element !== figcaption && !captionParts.has(element),
        );
        const drawn =
          drawing.find(
            (element) => element.attribute('data-world') !== undefined,
          ) ??
          drawing.find(
            (element) => element.attribute('data-label') !== undefined,
          );
        return {
          path: page,
          name: figure.attribute('data-figure')!,
          caption: squeeze(caption?.text() ?? ''),
          text: squeeze(drawn?.text() ?? ''),
        };
      });
  });
}
