import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * The figures of the app's screens (`src/components/*Figure`) style only
 * their own drawing, and only a few guides draw each. Docusaurus puts every
 * stylesheet of the site into the one `styles` file every page loads; this
 * plugin leaves the figures' own stylesheets out of it, so each travels with
 * the chunk of the page that draws it (the bundler's runtime loads it on a
 * navigation), and links it from that page's HTML after the build, since
 * Docusaurus links only the one file (a figure must be styled at first
 * paint, before any script runs). The shared primitives
 * (`src/components/AppFigure`) stay in the one file, which the figures' own
 * rules follow on every page, as they did in it. The Try it form's
 * stylesheet stays out of it too, and loads with the form.
 */

/**
 * A figure's own stylesheet, `src/components/<Name>Figure/*.css`, and that of
 * the parts only figures draw (`OrderScreen`), not AppFigure's.
 */
const figureStylesheet =
  /[\\/]src[\\/]components[\\/](?!AppFigure[\\/])(?:\w+Figure|OrderScreen)[\\/][^\\/]+\.css$/;

/**
 * The stylesheet of the API reference's Try it form, which loads only when
 * a reader opens a form: it travels with the form's own chunk, whose
 * loading brings it, and no page links it.
 */
const tryItStylesheet =
  /[\\/]src[\\/]plugins[\\/]openapi-reference[\\/]theme[\\/]TryIt[\\/][^\\/]+\.css$/;

/** The part of a bundler module the test reads (webpack's and Rspack's). */
interface BundledModule {
  resource?: string;
  nameForCondition?: () => string | null | undefined;
}

const resourceOf = (module: BundledModule): string =>
  module.nameForCondition?.() ?? module.resource ?? '';

/** What the bundler's client manifest says of each chunk (`client-manifest.json`). */
interface ClientManifest {
  entrypoints: (string | number)[];
  origins: Record<string, (string | number)[]>;
  assets: Record<string, {css?: {publicPath: string}[]}>;
}

/** A route's chunk names, nested as `routesChunkNames.json` holds them. */
type ChunkNames = string | ChunkNames[] | {[key: string]: ChunkNames};

const chunkNamesIn = (names: ChunkNames): string[] =>
  typeof names === 'string'
    ? [names]
    : Object.values(names).flatMap((value: ChunkNames) => chunkNamesIn(value));

/**
 * The stylesheets of each route's own chunks (not the one every page
 * links), by route path, for the routes that have any: the generated
 * `routesChunkNames.json` names a route `<path>-<hash>`, the manifest gives
 * each chunk name its files.
 */
export function routeStylesheets(
  routesChunkNames: Record<string, ChunkNames>,
  manifest: ClientManifest,
): Map<string, string[]> {
  const sheetsOf = (assets: (string | number)[]): string[] =>
    assets
      .flatMap((asset) => manifest.assets[String(asset)]?.css ?? [])
      .map((sheet) => sheet.publicPath);
  const assetsOf = (names: (string | number)[]): (string | number)[] =>
    names.flatMap((name) => manifest.origins[name] ?? []);
  const everyPages = new Set(sheetsOf(assetsOf(manifest.entrypoints)));
  const byRoute = new Map<string, string[]>();
  for (const [key, names] of Object.entries(routesChunkNames)) {
    const route = key.replace(/-[0-9a-f]+$/, '');
    const sheets = sheetsOf(assetsOf(chunkNamesIn(names))).filter(
      (sheet) => !everyPages.has(sheet),
    );
    if (sheets.length === 0) {
      continue;
    }
    byRoute.set(route, [
      ...new Set([...(byRoute.get(route) ?? []), ...sheets]),
    ]);
  }
  return byRoute;
}

/**
 * The page's HTML with a link to each stylesheet it does not link yet,
 * after the last one it does (so its rules follow the site's).
 */
export function withStylesheets(html: string, sheets: string[]): string {
  const missing = sheets.filter(
    (sheet) =>
      !html.includes(`href=${sheet}`) && !html.includes(`href="${sheet}"`),
  );
  const lastLink = [
    ...html.matchAll(/<link rel=["']?stylesheet["']?[^>]*>/g),
  ].at(-1);
  if (missing.length === 0) {
    return html;
  }
  if (!lastLink || lastLink.index === undefined) {
    throw new Error('the page links no stylesheet to follow');
  }
  const at = lastLink.index + lastLink[0].length;
  return `${html.slice(0, at)}${missing.map((sheet) => `<link rel=stylesheet href=${sheet}>`).join('')}${html.slice(at)}`;
}

/** The HTML file Docusaurus writes for a route (`trailingSlash` undecided). */
const htmlFileOf = (route: string, baseUrl: string): string =>
  route.endsWith('.html')
    ? route.slice(baseUrl.length)
    : path.join(route.slice(baseUrl.length), 'index.html');

export default function figureStylesPlugin(): Plugin {
  return {
    name: 'figure-styles',
    configureWebpack() {
      return {
        optimization: {
          splitChunks: {
            cacheGroups: {
              styles: {
                test: (module: BundledModule) =>
                  !figureStylesheet.test(resourceOf(module)) &&
                  !tryItStylesheet.test(resourceOf(module)),
              },
            },
          },
        },
      };
    },
    async postBuild({outDir, generatedFilesDir, baseUrl, routesPaths}) {
      const readJson = async <T>(file: string): Promise<T> =>
        JSON.parse(
          await readFile(path.join(generatedFilesDir, file), 'utf8'),
        ) as T;
      const stylesheets = routeStylesheets(
        await readJson<Record<string, ChunkNames>>('routesChunkNames.json'),
        await readJson<ClientManifest>('client-manifest.json'),
      );
      await Promise.all(
        routesPaths.map(async (route) => {
          const sheets = stylesheets.get(route) ?? [];
          if (sheets.length === 0) {
            return;
          }
          const file = path.join(outDir, htmlFileOf(route, baseUrl));
          const html = await readFile(file, 'utf8');
          const linked = withStylesheets(html, sheets);
          if (linked !== html) {
            await writeFile(file, linked);
          }
        }),
      );
    },
  };
}
