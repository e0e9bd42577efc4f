import {createHash} from 'node:crypto';
import {readFileSync, readdirSync} from 'node:fs';
import {mkdir} from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import {AuthoringError} from '../../model/authoringError';
import {
  appLabelsPath,
  lifecycleLabelProblems,
  loadAppLabels,
} from '../../model/labels';
import {
  loadProductNumbers,
  productNumbersPath,
  specNumberProblems,
} from '../../model/product-numbers';
import {groupChanges} from './changelog-rows';
import {releaseChanges} from './changelog';
import {type ReleaseChange} from './changelog-walk';
import {exampleProblems} from './examples';
import {loadWorld, worldPath, worldProblems} from './world';
import {loadRelease, overlayPath} from './release-spec';
import {
  apiReleases,
  latestRelease,
  olderReleases,
  type ApiRelease,
} from './releases';
import {guideLifecycleProblems} from '../../model/lifecycles';
import {locationOf, readYaml} from '../../model/yaml';
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
export const specFolder = 'openapi';
export const guideLifecyclesPath = 'src/data/guide-lifecycles.yaml';

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
  for (const release of apiReleases) {
    const spec = await loadRelease(specDir, release);
    const fallbackFile =
      release === latestRelease
        ? path.join(specDir, rootFileName)
        : overlayPath(specDir, release);
    const problems = exampleProblems(spec, fallbackFile);
    if (problems.length > 0) {
      throw new AuthoringError(
        `Examples of the ${release} document break their schemas`,
        problems,
      );
    }
    const disagreements = worldProblems(spec, world, fallbackFile);
    if (disagreements.length > 0) {
      throw new AuthoringError(
        `Examples of the ${release} document disagree with the sample world (${worldPath})`,
        disagreements,
      );
    }
    // The spec's texts may state the product's numbers, but only as declared.
    const contradictions = specNumberProblems(
      spec.document,
      numbers,
      fallbackFile,
    );
    if (contradictions.length > 0) {
      throw new AuthoringError(
        `Texts of the ${release} document contradict the product's numbers (${productNumbersPath})`,
        contradictions,
      );
    }
    releases.set(release, spec);
  }
  const latest = releases.get(latestRelease)!;
  const model: ApiModel = {
    releases,
    changes: olderReleases.flatMap((release) => {
      const before = releases.get(release)!;
      const changes = changesSince(release, before, latest);
      // Every difference is explained by the changelog, or nothing loads.
      groupChanges(changes, {
        before: before.document,
        after: latest.document,
        fallbackFile: overlayPath(specDir, release),
      });
      return changes;
    }),
    guideLifecycles: readYaml<Record<string, Lifecycle>>(
      path.join(siteDir, guideLifecyclesPath),
    ),
    sourceFiles,
  };
  const guideProblems = guideLifecycleProblems(
    model.guideLifecycles,
    latest.document,
    path.join(siteDir, guideLifecyclesPath),
  );
  if (guideProblems.length > 0) {
    throw new AuthoringError(
      'The guide-only lifecycles are malformed',
      guideProblems,
    );
  }
  // The lifecycles' bold labels and action labels are the app's (see
  // src/data/app-labels.yaml), like the pages'.
  const labelProblems = lifecycleLabelProblems(
    latest.document,
    model.guideLifecycles,
    loadAppLabels(siteDir),
    path.join(specDir, rootFileName),
  );
  if (labelProblems.length > 0) {
    throw new AuthoringError(
      'The lifecycles name labels the app does not declare',
      labelProblems,
    );
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
