/**
 * The registry of the site's checks: every rule the build holds its sources
 * to, in one list (`checks`), each with its name, what it reads and when it
 * runs. The API model's checks (`release` and `model`) are declared beside
 * the API model's load that runs them (src/plugins/openapi-reference/checks.ts);
 * the page checks below, which this plugin (index.ts) runs: the `page` and
 * `pages` checks once the pages are loaded, the `built page` checks after
 * the build. So `npm start` (one message per mistake in its error overlay),
 * `npm run build` (one line per mistake) and the unit tests (which call the
 * same functions) report the same mistakes. README.md, "Where a check
 * lives", says how to add one.
 */
import {
  boldLabels,
  labelProblems,
  laterLabelsInPost,
  type AppLabels,
} from '../../model/labels';
import {type LoadedSpec} from '../../model/openapi-types';
import {
  pageNumberProblems,
  productNumbersPath,
  type ProductNumber,
} from '../../model/product-numbers';
import {
  apiModelChecks,
  type ApiModelCheck,
  type Named,
} from '../openapi-reference/checks';
import {type ApiRelease} from '../openapi-reference/releases';
import {type ReleaseDocument} from '../openapi-reference/rules/release-texts';
import {type World} from '../openapi-reference/world';
import {eventDates} from '../openapi-reference/events';
import {apiNameProblems} from './api-names';
import {changelogSectionProblems} from './changelog-sections';
import {errorMeaningProblems} from './error-meanings';
import {exportSampleProblems} from './exports';
import {feedSampleProblems} from './feed-samples';
import {figureProblems, type FigureSources} from './figures';
import {countedLiteralProblems} from './figure-literals';
import {filterProblems} from './filters';
import {guideTableProblems} from './guide-tables';
import {listSampleProblems} from './list-samples';
import {brokenLinks, type LinkSource, type SiteAddresses} from './links';
import type {RequestValidator} from './request-samples';
import {checkPage, type PageToCheck} from './rules';
import {sampleLanguageProblems} from './sample-languages';
import {worldFactProblems} from './world-facts';
import {platformFlowProblems} from './platform-flows';
import {oldWordingProblems} from './settled-wordings';
import {stateActionProblems} from './state-actions';
import {worldIdProblems} from './world-ids';
import {worldSequenceProblems} from './world-sequences';

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

/**
 * A check, by when it runs and so where it reports:
 *
 * - `release` and `model`: in the API model's load (ApiModelCheck).
 * - `page`: in the content rules, on each page; every page check's
 *   mistakes are reported together, as "Pages break the content rules".
 * - `pages`: in the content rules, on all the pages at once (links).
 * - `built page`: after the build, on each built page's HTML (figures).
 * - `figure source`: in the content rules, on each component's source
 *   (every .tsx under src/components), once; reported as "Figures break the
 *   content rules".
 */
export type Check =
  | ApiModelCheck
  | (Named &
      (
        | {
            on: 'page';
            problems: (
              page: Page,
              context: PagesContext,
            ) => string[] | Promise<string[]>;
          }
        | {
            on: 'pages';
            problems: (
              pages: Page[],
              context: PagesContext,
            ) => Promise<string[]>;
          }
        | {
            on: 'figure source';
            problems: (file: string, source: string) => string[];
          }
        | {
            on: 'built page';
            problems: (
              html: string,
              page: string,
              sources: FigureSources,
            ) => string[];
          }
      ));

export const checks: readonly Check[] = [
  ...apiModelChecks,
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
    name: "a Shopify store's flows are given to Shopify stores only",
    reads: 'each page outside the Shopify section',
    on: 'page',
    problems: (page) => platformFlowProblems(page.file, page.source),
  },
  {
    name: 'no sentence says what a settled rule replaced',
    reads: 'each page, src/model/settled-wordings.ts',
    on: 'page',
    problems: (page) => oldWordingProblems(page.file, page.source),
  },
  {
    name: "an ID a page types is a sample world object's",
    reads: 'each page, the sample world',
    on: 'page',
    problems: (page, {world}) => worldIdProblems(page.file, page.source, world),
  },
  {
    name: "an action a sentence offers is one its lifecycle's named state offers",
    reads: 'each page, the x-lifecycle of each kind of object',
    on: 'page',
    problems: (page, {world}) =>
      stateActionProblems(page.file, page.source, world.story.kinds),
  },
  {
    name: "samples of the change feed are the sample world's feed",
    reads:
      "each page's curl of GET /changes and the page after it, its release's document, the sample world",
    on: 'page',
    problems: (page, context) =>
      feedSampleProblems(
        page.file,
        page.source,
        context.specOf(context.releaseOf(page)),
        context.world,
      ),
  },
  {
    name: "samples of a list are the sample world's answer to their request",
    reads:
      "each page's request sample of a list and the page after it, its release's document, the sample world",
    on: 'page',
    problems: (page, context) =>
      listSampleProblems(
        page.file,
        page.source,
        context.specOf(context.releaseOf(page)),
        context.world,
      ),
  },
  {
    name: "export samples are the sample world's rows at the export's moment",
    reads:
      'each page (CSV samples of export-formats pages, JSON samples with exported_at), the sample world',
    on: 'page',
    problems: (page, context) =>
      exportSampleProblems(
        page.file,
        page.source,
        context.specOf(context.releaseOf(page)),
        context.world,
      ),
  },
  {
    name: "a guide's table of the world's figures is one moment of the world",
    reads: 'each page, the sample world',
    on: 'page',
    problems: (page, {world}) =>
      guideTableProblems(page.file, page.source, world),
  },
  {
    name: "a worked sequence of the world's figures hides no change",
    reads: 'each page, the sample world and its story',
    on: 'page',
    problems: (page, {world}) =>
      worldSequenceProblems(page.file, page.source, world),
  },
  {
    name: "an error code's meaning is drawn from its catalogue with <ErrorMeaning>, not typed",
    reads: "each page, its release's x-error-codes and x-row-error-codes",
    on: 'page',
    problems: (page, context) => {
      const release = context.releaseOf(page);
      return errorMeaningProblems(
        page.file,
        page.source,
        context.specOf(release).document,
        release,
      );
    },
  },
  {
    name: 'bold labels are declared',
    reads: 'each page, src/data/app-labels.yaml',
    on: 'page',
    problems: (page, {labels}) =>
      labelProblems(page.file, boldLabels(page.source), labels.all),
  },
  {
    name: "a post names only the labels the app had on the post's day",
    reads: "each post's day, src/data/app-labels.yaml's since",
    on: 'page',
    problems: (page, {labels}) =>
      page.day === undefined
        ? []
        : laterLabelsInPost(page.file, page.source, page.day, labels),
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
    name: "figures draw declared labels and the world's facts, and buttons the drawn states offer",
    reads:
      'each built page with a figure, the world and its lifecycles, labels and numbers',
    on: 'built page',
    problems: figureProblems,
  },
  {
    name: 'a figure counts what it draws from the drawn list, never by hand',
    reads: "each component's source (src/components)",
    on: 'figure source',
    problems: countedLiteralProblems,
  },
];

/** The checks that run at one point, typed for it. */
export const checksOn = <On extends Check['on']>(on: On) =>
  checks.filter((check): check is Extract<Check, {on: On}> => check.on === on);
