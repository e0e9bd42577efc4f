/**
 * The registry of the site's checks: every rule the build holds its sources
 * to, in one list, each with its name, what it reads and when it runs. The
 * API model's load (src/plugins/openapi-reference/model.ts) runs the
 * `release` and `model` checks; the content rules plugin
 * (src/plugins/content-rules/index.ts) runs the `page` and `pages` checks
 * once the pages are loaded, and the `built page` checks after the build.
 * So `npm start` (one message per mistake in its error overlay),
 * `npm run build` (one line per mistake) and the unit tests (which call the
 * same functions) report the same mistakes. README.md, "Where a check
 * lives", says how to add one.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {AuthoringError} from '../lib/authoringError';
import {apiNameProblems} from '../plugins/content-rules/api-names';
import {changelogSectionProblems} from '../plugins/content-rules/changelog-sections';
import {
  figureProblems,
  type FigureSources,
} from '../plugins/content-rules/figures';
import {filterProblems} from '../plugins/content-rules/filters';
import {
  boldLabels,
  labelProblems,
  lifecycleLabelProblems,
  type AppLabels,
} from '../plugins/content-rules/labels';
import {
  brokenLinks,
  type LinkSource,
  type SiteAddresses,
} from '../plugins/content-rules/links';
import {
  pageNumberProblems,
  productNumbersPath,
  specNumberProblems,
  type ProductNumber,
} from '../plugins/content-rules/numbers';
import {releaseDateProblems} from '../plugins/content-rules/post-release';
import {
  releasesTextProblems,
  type ReleaseDocument,
} from '../plugins/content-rules/release-texts';
import type {RequestValidator} from '../plugins/content-rules/request-samples';
import {checkPage, type PageToCheck} from '../plugins/content-rules/rules';
import {sampleLanguageProblems} from '../plugins/content-rules/sample-languages';
import {worldFactProblems} from '../plugins/content-rules/world-facts';
import {
  groupChanges,
  type ReleaseChange,
} from '../plugins/openapi-reference/changelog';
import {
  eventDates,
  eventProblems,
  eventShapeProblems,
} from '../plugins/openapi-reference/events';
import {exampleProblems} from '../plugins/openapi-reference/examples';
import {overlayPath} from '../plugins/openapi-reference/release-spec';
import {
  latestRelease,
  type ApiRelease,
} from '../plugins/openapi-reference/releases';
import {errorCodeProblems} from '../plugins/openapi-reference/rules/error-codes';
import {exampleStoryProblems} from '../plugins/openapi-reference/rules/example-rules';
import {filterDeclarationProblems} from '../plugins/openapi-reference/rules/filters';
import {operationProblems} from '../plugins/openapi-reference/rules/operations';
import {responseHeaderProblems} from '../plugins/openapi-reference/rules/response-headers';
import {shapeProblems} from '../plugins/openapi-reference/rules/shapes';
import {webhookProblems} from '../plugins/openapi-reference/rules/webhooks';
import {
  guideLifecycleProblems,
  rootFileName,
  type Lifecycle,
  type LoadedSpec,
} from '../plugins/openapi-reference/spec';
import {
  worldPath,
  worldProblems,
  type World,
} from '../plugins/openapi-reference/world';

/** What a check of one release's document reads, in the model's load. */
export interface ReleaseInput {
  release: ApiRelease;
  spec: LoadedSpec;
  /** The file a value without a recorded line is named by: the root, or the release's overlay. */
  fallbackFile: string;
  world: World;
  numbers: readonly ProductNumber[];
  /** The IDs of the sample data: the world's and PRODUCT-DECISIONS.md's. */
  sampleIds: ReadonlySet<string>;
}

/** One older release's changes to the latest, as the model computed them. */
export interface ReleaseChanges {
  before: LoadedSpec;
  after: LoadedSpec;
  changes: readonly ReleaseChange[];
  /** The release's overlay, where a change with no recorded line is named. */
  fallbackFile: string;
}

/** What a check of the whole model reads, once every release is loaded. */
export interface ModelInput {
  siteDir: string;
  specDir: string;
  releases: readonly ReleaseDocument[];
  latest: LoadedSpec;
  changes: readonly ReleaseChanges[];
  guideLifecycles: Readonly<Record<string, Lifecycle>>;
  labels: AppLabels;
  numbers: readonly ProductNumber[];
}

/** A page (a doc of any instance and version, or a blog post) as the content rules read it. */
export type Page = PageToCheck & LinkSource & {day?: string};

/** What the page checks read beside the page: the model and the data files. */
export interface PagesContext {
  world: World;
  labels: AppLabels;
  numbers: readonly ProductNumber[];
  releases: readonly ReleaseDocument[];
  requestValidators: ReadonlyMap<ApiRelease, RequestValidator>;
  shipDays: ReadonlyMap<ApiRelease, string>;
  /** The release a page describes: its folder's, or a post's day's. */
  releaseOf: (page: Page) => ApiRelease;
  specOf: (release: ApiRelease) => LoadedSpec;
  site: SiteAddresses;
}

interface Named {
  /** What the check holds, in a few words. */
  name: string;
  /** The sources it reads. */
  reads: string;
}

/**
 * A check, by when it runs and so where it reports:
 *
 * - `release`: in the API model's load, on each release's document in turn
 *   (newest first); a mistake stops the load with `title` and one line per
 *   mistake.
 * - `model`: in the API model's load, once every release is loaded.
 * - `page`: in the content rules, on each page; every page check's
 *   mistakes are reported together, as "Pages break the content rules".
 * - `pages`: in the content rules, on all the pages at once (links).
 * - `built page`: after the build, on each built page's HTML (figures).
 */
export type Check = Named &
  (
    | {
        on: 'release';
        title: (release: ApiRelease) => string;
        problems: (input: ReleaseInput) => string[];
      }
    | {on: 'model'; title: string; problems: (input: ModelInput) => string[]}
    | {
        on: 'page';
        problems: (
          page: Page,
          context: PagesContext,
        ) => string[] | Promise<string[]>;
      }
    | {
        on: 'pages';
        problems: (pages: Page[], context: PagesContext) => Promise<string[]>;
      }
    | {
        on: 'built page';
        problems: (
          html: string,
          page: string,
          sources: FigureSources,
        ) => string[];
      }
  );

export const checks: readonly Check[] = [
  {
    name: 'examples validate against their schemas',
    reads: 'each release document (Ajv, JSON Schema 2020-12)',
    on: 'release',
    title: (release) =>
      `Examples of the ${release} document break their schemas`,
    problems: ({spec, fallbackFile}) => exampleProblems(spec, fallbackFile),
  },
  {
    name: 'examples agree with the sample world',
    reads: `each release document, ${worldPath}`,
    on: 'release',
    title: (release) =>
      `Examples of the ${release} document disagree with the sample world (${worldPath})`,
    problems: ({spec, world, fallbackFile}) =>
      worldProblems(spec, world, fallbackFile),
  },
  {
    name: 'event examples follow from the changes of the sample world',
    reads: `each release document's events, feed entries and deliveries, ${worldPath}, the releases' ship days`,
    on: 'release',
    title: (release) =>
      `Event examples of the ${release} document do not follow from the sample world's changes (${worldPath})`,
    problems: ({spec, world, numbers, fallbackFile}) =>
      eventProblems(spec, world, eventDates(numbers), fallbackFile).problems,
  },
  {
    name: 'texts state the product numbers as declared',
    reads: `each release document, ${productNumbersPath}`,
    on: 'release',
    title: (release) =>
      `Texts of the ${release} document contradict the product's numbers (${productNumbersPath})`,
    problems: ({spec, numbers, fallbackFile}) =>
      specNumberProblems(spec.document, numbers, fallbackFile),
  },
  {
    name: "examples keep their schema's x-rules and tell one story",
    reads: `each release document, ${worldPath}, PRODUCT-DECISIONS.md`,
    on: 'release',
    title: (release) =>
      `Examples of the ${release} document break their rules or the sample story`,
    problems: ({spec, fallbackFile, sampleIds, world}) =>
      exampleStoryProblems(spec, fallbackFile, sampleIds, world),
  },
  {
    name: 'every operation has an id, a summary, its page, and the shared responses',
    reads: 'each release document',
    on: 'release',
    title: (release) => `Operations of the ${release} document are incomplete`,
    problems: ({spec, fallbackFile}) => operationProblems(spec, fallbackFile),
  },
  {
    name: 'responses declare the shared headers',
    reads: 'each release document',
    on: 'release',
    title: (release) =>
      `Responses of the ${release} document break the shared headers`,
    problems: ({spec, fallbackFile}) =>
      responseHeaderProblems(spec.document, fallbackFile),
  },
  {
    name: 'error codes shown agree with the catalogue',
    reads: "each release document's x-error-codes and problem examples",
    on: 'release',
    title: (release) =>
      `Error codes of the ${release} document disagree with its catalogue`,
    problems: ({spec, fallbackFile}) =>
      errorCodeProblems(spec.document, fallbackFile),
  },
  {
    name: 'each list declares its filter once, in x-filter',
    reads: "each release document's x-filter",
    on: 'release',
    title: (release) => `Filters of the ${release} document are inconsistent`,
    problems: ({spec, fallbackFile}) =>
      filterDeclarationProblems(spec.document, fallbackFile),
  },
  {
    name: 'one shape for money, SKUs, pages, alternatives and open objects',
    reads: "the latest document's schemas",
    on: 'release',
    title: (release) =>
      `Schemas of the ${release} document break the shapes clients rely on`,
    // An older release keeps the shapes it shipped with (bare amounts in
    // 2023-01's price changes); the changelog says how they changed.
    problems: ({release, spec, fallbackFile}) =>
      release === latestRelease
        ? shapeProblems(spec.document, fallbackFile)
        : [],
  },
  {
    name: 'webhook events are subscribable, typed, signed and in the change feed',
    reads: "each release document's webhooks",
    on: 'release',
    title: (release) =>
      `Webhook events of the ${release} document are inconsistent`,
    problems: ({spec, fallbackFile}) => webhookProblems(spec, fallbackFile),
  },
  {
    name: "each release's texts name only what it has",
    reads: 'every release document and overlay',
    on: 'model',
    title: 'Texts of the API name what their release lacks',
    problems: ({releases, specDir}) => releasesTextProblems(releases, specDir),
  },
  {
    name: "a payload of another release's subscription is written in that release",
    reads: "every release document's event examples",
    on: 'model',
    title: 'Event examples are not written in the release they name',
    problems: ({releases, specDir}) =>
      eventShapeProblems(
        releases.map(({release, spec}) => ({
          release,
          spec,
          fallbackFile:
            release === latestRelease
              ? path.join(specDir, rootFileName)
              : overlayPath(specDir, release),
        })),
      ),
  },
  {
    name: 'every difference between the releases is explained',
    reads: 'the changes the model computed, explainedChanges (changelog.ts)',
    on: 'model',
    title:
      'The changelog (api/changelog.mdx) explains no change for these differences between the releases',
    problems: ({changes}) =>
      changes.flatMap(({before, after, changes: computed, fallbackFile}) => {
        // groupChanges, which the changelog page renders with, refuses an
        // unexplained difference; its problems are this check's.
        try {
          groupChanges(computed, {
            before: before.document,
            after: after.document,
            fallbackFile,
          });
          return [];
        } catch (error) {
          if (error instanceof AuthoringError) {
            return [...error.problems];
          }
          throw error;
        }
      }),
  },
  {
    name: 'the guide-only lifecycles are well formed',
    reads: 'src/data/guide-lifecycles.yaml, the latest document',
    on: 'model',
    title: 'The guide-only lifecycles are malformed',
    problems: ({siteDir, guideLifecycles, latest}) =>
      guideLifecycleProblems(
        guideLifecycles,
        latest.document,
        path.join(siteDir, 'src/data/guide-lifecycles.yaml'),
      ),
  },
  {
    name: "lifecycles' labels are the app's",
    reads: 'the lifecycles, src/data/app-labels.yaml',
    on: 'model',
    title: 'The lifecycles name labels the app does not declare',
    problems: ({latest, guideLifecycles, labels, specDir}) =>
      lifecycleLabelProblems(
        latest.document,
        guideLifecycles,
        labels,
        path.join(specDir, rootFileName),
      ),
  },
  {
    name: 'the releases ship and stay supported on the declared days',
    reads: productNumbersPath,
    on: 'model',
    title: `The releases' dates disagree (${productNumbersPath})`,
    problems: ({siteDir, numbers}) =>
      releaseDateProblems(
        numbers,
        productNumbersPath,
        readFileSync(path.join(siteDir, productNumbersPath), 'utf8'),
      ),
  },
  {
    name: 'a title, a description, enough words, no placeholder text',
    reads: 'each page',
    on: 'page',
    problems: (page) => checkPage(page),
  },
  {
    name: "names, links to documents, JSON and request samples hold for the page's release",
    reads: "each page, its release's document, the sample world",
    on: 'page',
    problems: (page, context) => {
      const release = context.releaseOf(page);
      return apiNameProblems(
        page,
        context.specOf(release),
        release,
        context.releases,
        context.world,
        context.requestValidators,
        page.day === undefined
          ? undefined
          : {day: page.day, shipDays: context.shipDays},
        eventDates(context.numbers),
      );
    },
  },
  {
    name: 'filter expressions parse and name fields their list filters on',
    reads: "each page, its release's lists",
    on: 'page',
    problems: (page, context) => {
      const release = context.releaseOf(page);
      return filterProblems(page, context.specOf(release), release);
    },
  },
  {
    name: "the sample world's figures are drawn with <World>, not typed",
    reads: 'each page, the sample world',
    on: 'page',
    problems: (page, {world}) =>
      worldFactProblems(page.file, page.source, world),
  },
  {
    name: 'bold labels are declared',
    reads: 'each page, src/data/app-labels.yaml',
    on: 'page',
    problems: (page, {labels}) =>
      labelProblems(page.file, boldLabels(page.source), labels.all),
  },
  {
    name: "the product's numbers are stated with <Limit>, as declared",
    reads: `each page, ${productNumbersPath}`,
    on: 'page',
    problems: (page, {numbers}) =>
      pageNumberProblems(page.file, page.source, numbers),
  },
  {
    name: 'lists of the sample languages name the reference’s, in order',
    reads: 'each page, sampleLanguages (openapi-reference/theme/language.ts)',
    on: 'page',
    problems: (page) => sampleLanguageProblems(page.file, page.source),
  },
  {
    name: 'the changelog page has a section per explained change',
    reads: 'the page with <ApiChangelog>, explainedChanges (changelog.ts)',
    on: 'page',
    problems: (page) => changelogSectionProblems(page.file, page.source),
  },
  {
    name: 'links lead to a page or a file',
    reads: "every page, the site's routes and static files",
    on: 'pages',
    problems: (pages, {site}) => brokenLinks(pages, site),
  },
  {
    name: "figures draw declared labels and the world's facts",
    reads: 'each built page with a figure, the world, labels and numbers',
    on: 'built page',
    problems: figureProblems,
  },
];

/** The checks that run at one point, typed for it. */
export const checksOn = <On extends Check['on']>(on: On) =>
  checks.filter((check): check is Extract<Check, {on: On}> => check.on === on);
