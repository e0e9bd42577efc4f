/**
 * The API model's checks: every rule of the API's documents, each with its
 * name, what it reads and when it runs. The API model's load (model.ts)
 * runs them: the `release` checks on each release's document in turn
 * (newest first), the `model` checks once every release is loaded; a
 * mistake stops the load with the check's `title` and one line per mistake.
 * They are the first part of the registry of the site's checks, `checks` in
 * src/plugins/content-rules/checks.ts (README.md, "Where a check lives"):
 * each part lives beside the runner that runs it, so the content rules
 * import the API reference and never the reverse.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {AuthoringError} from '../../model/authoringError';
import {lifecycleLabelProblems, type AppLabels} from '../../model/labels';
import {guideLifecycleProblems} from '../../model/lifecycles';
import {type Lifecycle, type LoadedSpec} from '../../model/openapi-types';
import {
  productNumbersPath,
  specNumberProblems,
  type ProductNumber,
} from '../../model/product-numbers';
import {groupChanges} from './changelog-rows';
import {explainedErrorCodeChanges} from './changelog-error-codes';
import {type ReleaseChange} from './changelog-walk';
import {eventDates, eventProblems, eventShapeProblems} from './events';
import {exampleProblems} from './examples';
import {overlayPath} from './release-spec';
import {releaseDateProblems} from './release-days';
import {latestRelease, type ApiRelease} from './releases';
import {errorCodeProblems, responseCodeProblems} from './rules/error-codes';
import {rowErrorCodeProblems} from './rules/row-error-codes';
import {
  exampleStoryProblems,
  worldMomentRuleProblems,
} from './rules/example-rules';
import {feedProblems} from './rules/feed';
import {filterDeclarationProblems} from './rules/filters';
import {listProblems} from './rules/lists';
import {operationProblems} from './rules/operations';
import {lifecycleOperationProblems} from './rules/lifecycle-operations';
import {personNameProblems} from './rules/person-names';
import {
  releasesTextProblems,
  type ReleaseDocument,
} from './rules/release-texts';
import {responseHeaderProblems} from './rules/response-headers';
import {specPlatformFlowProblems} from './rules/platform-flows';
import {specOldWordingProblems} from './rules/settled-wordings';
import {retrievalProblems} from './rules/retrievals';
import {shapeProblems} from './rules/shapes';
import {webhookProblems} from './rules/webhooks';
import {rootFileName} from './spec';
import {worldPath, worldProblems, type World} from './world';

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
  world: World;
  releases: readonly ReleaseDocument[];
  latest: LoadedSpec;
  changes: readonly ReleaseChanges[];
  guideLifecycles: Readonly<Record<string, Lifecycle>>;
  labels: AppLabels;
  numbers: readonly ProductNumber[];
}

export interface Named {
  /** What the check holds, in a few words. */
  name: string;
  /** The sources it reads. */
  reads: string;
}

/**
 * A check of the API model, by when it runs:
 *
 * - `release`: in the API model's load, on each release's document in turn
 *   (newest first); a mistake stops the load with `title` and one line per
 *   mistake.
 * - `model`: in the API model's load, once every release is loaded.
 */
export type ApiModelCheck = Named &
  (
    | {
        on: 'release';
        title: (release: ApiRelease) => string;
        problems: (input: ReleaseInput) => string[];
      }
    | {on: 'model'; title: string; problems: (input: ModelInput) => string[]}
  );

/** Each release with the file a value without a recorded line is named by. */
const withFallbackFiles = (releases: ModelInput['releases'], specDir: string) =>
  releases.map(({release, spec}) => ({
    release,
    spec,
    fallbackFile:
      release === latestRelease
        ? path.join(specDir, rootFileName)
        : overlayPath(specDir, release),
  }));

export const apiModelChecks: readonly ApiModelCheck[] = [
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
    name: "a retrieval's example is the object its sample names, at now",
    reads: `each release document's GET of one object, its sample, ${worldPath}`,
    on: 'release',
    title: (release) =>
      `Retrieval examples of the ${release} document are not the sample world's answer to their sample (${worldPath})`,
    problems: ({spec, world, fallbackFile}) =>
      retrievalProblems(spec, world, fallbackFile),
  },
  {
    name: "list examples are the sample world's answer to their request",
    reads: `each release document's lists, their samples' requests, ${worldPath}`,
    on: 'release',
    title: (release) =>
      `List examples of the ${release} document are not the sample world's answer to their request (${worldPath})`,
    problems: ({release, spec, world, fallbackFile}) =>
      listProblems(spec, world, release, fallbackFile),
  },
  {
    name: "change-feed examples are the sample world's feed for their request",
    reads: `each release document's change feed (GET /changes), its sample's request and each example's x-query, ${worldPath}`,
    on: 'release',
    title: (release) =>
      `Change-feed examples of the ${release} document are not the sample world's feed (${worldPath})`,
    problems: ({release, spec, world, fallbackFile}) =>
      feedProblems(spec, world, release, fallbackFile),
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
    name: "a Shopify store's flows are given to Shopify stores only",
    reads: 'each release document',
    on: 'release',
    title: (release) =>
      `Texts of the ${release} document give a Shopify store's stock, prices or orders to any store`,
    problems: ({spec}) => specPlatformFlowProblems(spec.document),
  },
  {
    name: 'no text says what a settled rule replaced',
    reads: 'each release document, src/model/settled-wordings.ts',
    on: 'release',
    title: (release) =>
      `Texts of the ${release} document say what a settled rule replaced`,
    problems: ({spec}) => specOldWordingProblems(spec.document),
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
    name: "an operation's state refusals are its lifecycle's actions",
    reads: "each release document's x-lifecycle states and 409 x-codes",
    on: 'release',
    title: (release) =>
      `Operations of the ${release} document disagree with their lifecycles`,
    problems: ({spec, fallbackFile}) =>
      lifecycleOperationProblems(spec.document, fallbackFile),
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
    name: 'each 400, 409 and 422 lists its codes, with one example per code',
    reads:
      "each release document's x-error-codes, its responses' x-codes and problem examples",
    on: 'release',
    title: (release) =>
      `Error responses of the ${release} document do not name their causes`,
    problems: ({spec, fallbackFile}) =>
      responseCodeProblems(spec.document, fallbackFile),
  },
  {
    name: "rows' and lines' error codes are the catalogue's, each meaning written once",
    reads:
      "each release document's x-row-error-codes and the enums of its rows' and lines' codes",
    on: 'release',
    title: (release) =>
      `Row and line error codes of the ${release} document disagree with their catalogue (x-row-error-codes)`,
    problems: ({spec, fallbackFile}) =>
      rowErrorCodeProblems(spec.document, fallbackFile),
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
      eventShapeProblems(withFallbackFiles(releases, specDir)),
  },
  {
    name: 'a name names one person',
    reads:
      "every release document's customers, the world's users, blog/authors.yml",
    on: 'model',
    title: 'Customers of the API examples bear the names of other people',
    problems: ({siteDir, specDir, releases, world}) =>
      personNameProblems(siteDir, world, withFallbackFiles(releases, specDir)),
  },
  {
    name: 'every difference between the releases is explained',
    reads:
      'the changes the model computed, the error catalogues, explainedChanges (changelog-rows.ts)',
    on: 'model',
    title:
      'The changelog (api/changelog.mdx) explains no change for these differences between the releases',
    problems: ({changes}) =>
      changes.flatMap(({before, after, changes: computed, fallbackFile}) =>
        // groupChanges and explainedErrorCodeChanges, which the changelog
        // page renders with, refuse an unexplained difference; their
        // problems are this check's.
        [
          () =>
            groupChanges(computed, {
              before: before.document,
              after: after.document,
              fallbackFile,
            }),
          () => explainedErrorCodeChanges(before, after, fallbackFile),
        ].flatMap((explain) => {
          try {
            explain();
            return [];
          } catch (error) {
            if (error instanceof AuthoringError) {
              return [...error.problems];
            }
            throw error;
          }
        }),
      ),
  },
  {
    name: "the world's objects keep their schema's x-rules at every moment",
    reads: 'the sample world and its story, the latest document',
    on: 'model',
    title: "The sample world's story breaks its schemas' x-rules",
    problems: ({latest, world}) =>
      worldMomentRuleProblems(latest.document, world, world.file),
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
];

/** The API model's checks that run at one point, typed for it. */
export const checksOn = <On extends ApiModelCheck['on']>(on: On) =>
  apiModelChecks.filter(
    (check): check is Extract<ApiModelCheck, {on: On}> => check.on === on,
  );
