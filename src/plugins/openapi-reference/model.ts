import {createHash} from 'node:crypto';
import {readFileSync, readdirSync} from 'node:fs';
import {mkdir} from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import {AuthoringError} from '../../model/authoringError';
import {checksOn, type ModelInput, type ReleaseInput} from './checks';
import {appLabelsPath, loadAppLabels, type AppLabels} from '../../model/labels';
import {
  loadProductNumbers,
  productNumbersPath,
  type ProductNumber,
} from '../../model/product-numbers';
import {releaseChanges} from './changelog';
import {type ReleaseChange} from './changelog-walk';
import {productDecisionsPath, sampleDataIds} from './rules/example-rules';
import {loadWorld, worldPath, type World} from './world';
import {specFolder} from './latest-document';
import {loadRelease, overlayPath} from './release-spec';
import {
  apiReleases,
  latestRelease,
  olderReleases,
  type ApiRelease,
} from './releases';
import {locationOf} from '../../model/yaml';
import {guideLifecyclesPath, loadGuideLifecycles} from '../../model/lifecycles';
import {
  overlaysFolder,
  resourcesFolder,
  rootFileName,
  webhooksFileName,
} from './spec';
import {resolveRef} from '../../model/refs';
import {type Lifecycle, type LoadedSpec} from '../../model/openapi-types';

/**
 * The API as the site knows it, loaded once per version of its sources:
 * each release's document (the overlay applied, every `$ref` resolved,
 * lifecycles and examples checked), what changed from each older release to
 * the latest, and the lifecycles that only the guides show. The plugin loads
 * it in `loadContent`; the remark plugin that renders the pages, the release
 * marks, the changelog, the published documents and the tests all read this
 * one model. A mistake in a source stops the load with an AuthoringError
 * naming its file and line.
 */
export interface ApiModel {
  /** Each release's document, newest first. */
  releases: ReadonlyMap<ApiRelease, LoadedSpec>;
  /** Every difference from each older release to the latest. */
  changes: readonly ReleaseChange[];
  /** Lifecycles that exist only in the guides (not in the API). */
  guideLifecycles: Readonly<Record<string, Lifecycle>>;
  /** The sample world every example and page draws on (openapi/world/world.yaml). */
  world: World;
  /** The product's numbers (src/data/product-numbers.yaml). */
  numbers: readonly ProductNumber[];
  /** The app's labels (src/data/app-labels.yaml). */
  labels: AppLabels;
  /** The files it was read from. */
  sourceFiles: readonly string[];
}

/**
 * Where each load of the model records which files each page is drawn
 * from, for the bundler (see `pageSources`), in Docusaurus' generated files.
 */
export const pageSourcesFile = (siteDir: string) =>
  path.join(siteDir, '.docusaurus', 'openapi-reference', 'page-sources.json');

/** Where the spec and the guide-only lifecycles live, relative to the site. */
export {specFolder};

const yamlIn = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .map((name) => path.join(dir, name));

/** Every file the model is read from, in a fixed order. */
export function modelSourceFiles(siteDir: string): string[] {
  const specDir = path.join(siteDir, specFolder);
  return [
    path.join(specDir, rootFileName),
    path.join(specDir, webhooksFileName),
    ...yamlIn(path.join(specDir, resourcesFolder)),
    ...yamlIn(path.join(specDir, overlaysFolder)),
    path.join(siteDir, guideLifecyclesPath),
    path.join(siteDir, worldPath),
    path.join(siteDir, appLabelsPath),
    path.join(siteDir, productNumbersPath),
    path.join(siteDir, productDecisionsPath),
  ];
}

/** Each older release needs its overlay, and each overlay its release. */
function checkOverlays(specDir: string): void {
  const found = yamlIn(path.join(specDir, overlaysFolder));
  const expected = olderReleases.map((release) =>
    overlayPath(specDir, release),
  );
  const problems = [
    ...expected
      .filter((file) => !found.includes(file))
      .map(
        (file) =>
          `${path.relative(process.cwd(), file)} is missing: api_versions.json lists ${path.basename(file, '.yaml')}, whose document is the latest's with this overlay applied. Add the overlay, or remove the release from api_versions.json.`,
      ),
    ...found
      .filter((file) => !expected.includes(file))
      .map(
        (file) =>
          `${path.relative(process.cwd(), file)}: no release ${path.basename(file, '.yaml')} in api_versions.json. Add the release there (npm run docusaurus docs:version:api ${path.basename(file, '.yaml')}), or remove the overlay.`,
      ),
  ];
  if (problems.length > 0) {
    throw new AuthoringError("The API's releases disagree", problems);
  }
}

/**
 * Keys of a document that the changelog ignores (the diff classes them as
 * annotations): an edit to them keeps the last computed changes.
 */
const annotationKeys = new Set([
  'description',
  'summary',
  'example',
  'examples',
]);

const withoutAnnotations = (document: unknown) =>
  JSON.stringify(document, (key, value: unknown) =>
    annotationKeys.has(key) ? undefined : value,
  );

/** The last changes computed from each older release, by what the diff sees of both documents. */
const computedChanges = new Map<
  ApiRelease,
  {key: string; changes: ReleaseChange[]}
>();

function changesSince(
  release: ApiRelease,
  before: LoadedSpec,
  after: LoadedSpec,
): ReleaseChange[] {
  const key = `${withoutAnnotations(before.document)}\n${withoutAnnotations(after.document)}`;
  const known = computedChanges.get(release);
  if (known?.key === key) {
    return known.changes;
  }
  const changes = releaseChanges(before, after);
  computedChanges.set(release, {key, changes});
  return changes;
}

async function readModel(
  siteDir: string,
  sourceFiles: string[],
): Promise<ApiModel> {
  const specDir = path.join(siteDir, specFolder);
  checkOverlays(specDir);
  const releases = new Map<ApiRelease, LoadedSpec>();
  const world = loadWorld(siteDir);
  const numbers = loadProductNumbers(siteDir);
  const sampleIds = sampleDataIds(siteDir, world);
  // Every check of the registry that reads a release's
  // document, on each in turn; then every check of the whole model.
  for (const release of apiReleases) {
    const input: ReleaseInput = {
      release,
      spec: await loadRelease(specDir, release),
      fallbackFile:
        release === latestRelease
          ? path.join(specDir, rootFileName)
          : overlayPath(specDir, release),
      world,
      numbers,
      sampleIds,
    };
    for (const check of checksOn('release')) {
      const problems = check.problems(input);
      if (problems.length > 0) {
        throw new AuthoringError(check.title(release), problems);
      }
    }
    releases.set(release, input.spec);
  }
  const latest = releases.get(latestRelease)!;
  const changes = olderReleases.map((release) => {
    const before = releases.get(release)!;
    return {
      before,
      after: latest,
      changes: changesSince(release, before, latest),
      fallbackFile: overlayPath(specDir, release),
    };
  });
  const model: ApiModel = {
    releases,
    changes: changes.flatMap((older) => older.changes),
    guideLifecycles: loadGuideLifecycles(siteDir),
    world,
    numbers,
    labels: loadAppLabels(siteDir),
    sourceFiles,
  };
  const modelInput: ModelInput = {
    siteDir,
    specDir,
    world,
    releases: [...releases].map(([release, spec]) => ({release, spec})),
    latest,
    changes,
    guideLifecycles: model.guideLifecycles,
    labels: model.labels,
    numbers,
  };
  for (const check of checksOn('model')) {
    const problems = check.problems(modelInput);
    if (problems.length > 0) {
      throw new AuthoringError(check.title, problems);
    }
  }
  const sourcesFile = pageSourcesFile(siteDir);
  await mkdir(path.dirname(sourcesFile), {recursive: true});
  // Whole or not at all: in `npm start` the pages' loaders read this file
  // while other pages' compiles reload the model.
  await writeFileAtomic(
    sourcesFile,
    JSON.stringify(pageSources(model, siteDir)),
  );
  return model;
}

/** The last model loaded for each site, with the version of the sources it was read from. */
const loaded = new Map<string, {version: string; model: Promise<ApiModel>}>();

/**
 * The model of the site's current sources. It is read again only when a
 * source file's content changes, so the plugin's `loadContent` and every
 * page compiled after an edit share one load, in a build and in the
 * development server alike.
 */
export function loadApiModel(siteDir: string): Promise<ApiModel> {
  const sourceFiles = modelSourceFiles(siteDir);
  const hash = createHash('sha256');
  for (const file of sourceFiles) {
    hash
      .update(path.relative(siteDir, file))
      .update('\0')
      .update(readFileSync(file));
  }
  const version = hash.digest('hex');
  const current = loaded.get(siteDir);
  if (current?.version === version) {
    return current.model;
  }
  const model = readModel(siteDir, sourceFiles);
  loaded.set(siteDir, {version, model});
  return model;
}

/**
 * The files a page's placeholders are drawn from, for the bundler's watch
 * (see model-dependencies-loader.cjs): for each resource, its own file and
 * the file of every component it reaches through `$ref`, the root, and the
 * overlays (an older release's page is rendered through its overlay; the
 * latest's marks what changed since). A placeholder that is not about one
 * resource (the changelog, the error codes, the events) takes every source.
 */
export interface PageSources {
  all: string[];
  resources: Record<string, string[]>;
  guideLifecycles: string;
}

export function pageSources(model: ApiModel, siteDir: string): PageSources {
  const specDir = path.join(siteDir, specFolder);
  const latest = releaseSpec(model, latestRelease);
  const {document} = latest;
  const always = [
    path.join(specDir, rootFileName),
    ...olderReleases.map((release) => overlayPath(specDir, release)),
  ];
  const resources = Object.fromEntries(
    [...latest.resources.values()].map((resource) => {
      const files = new Set([resource.file, ...always]);
      const seen = new Set<string>();
      const visit = (value: unknown): void => {
        if (value === null || typeof value !== 'object') {
          return;
        }
        const ref = (value as {$ref?: unknown}).$ref;
        if (typeof ref === 'string' && !seen.has(ref)) {
          seen.add(ref);
          const target = resolveRef<object>(document, ref);
          const file = locationOf(target)?.file;
          if (file) {
            files.add(file);
          }
          visit(target);
        }
        Object.values(value).forEach(visit);
      };
      resource.paths.forEach((key) => visit(document.paths[key]));
      resource.schemas.forEach((name) =>
        visit(document.components.schemas[name]),
      );
      return [resource.name, [...files].sort()];
    }),
  );
  return {
    all: [...model.sourceFiles],
    resources,
    guideLifecycles: path.join(siteDir, guideLifecyclesPath),
  };
}

/** One release's document from the model. */
export function releaseSpec(model: ApiModel, release: ApiRelease): LoadedSpec {
  const spec = model.releases.get(release);
  if (!spec) {
    throw new Error(`The API has no release ${release}.`);
  }
  return spec;
}
