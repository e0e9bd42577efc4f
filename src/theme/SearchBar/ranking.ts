// cspell:words easyops
// The ranking of the local search: one result per page, best page first,
// each with the section that answers best and a snippet from it. It reads
// the index that @easyops-cn/docusaurus-search-local builds (one lunr index
// per document type) and replaces only the theme's query step, whose every
// word was required and whose results came five passages to a page. It runs
// in the search worker (./searchWorker.ts), and in Node for the findability
// test and `npm run bench` on the same built index.
import lunr from 'lunr';
import {wordPositions, type Positions} from './wordPositions';
import {
  documentType,
  type SearchDocument,
  type SearchResult,
  type SynonymData,
  type TypedIndex,
} from './searchIndex';
import {
  corroboration,
  coverageExponent,
  definitionInQuestion,
  fuzzyMinLength,
  fuzzyWeight,
  looseFormsBelow,
  minimumTermStart,
  prefixWeight,
  twoEditsMaxLength,
  twoEditsMinLength,
  twoEditsWeight,
  typeWeight,
} from './rankingWeights';
import {isIdentifier, isStopWord, normalised, stemOf} from './searchText';
import {QueryExpansion, type Concept} from './queryExpansion';
import {snippetOf, withoutRepeats} from './snippets';

const sectionTypes = new Set([documentType.heading, documentType.content]);

/**
 * Whether a query asks for a definition's term: it is the term, or, while
 * the reader is still typing, its start.
 */
function answersAsTerm(term: string, asked: string, typing: boolean) {
  const whole = normalised(term);
  return (
    isIdentifier(term) &&
    (whole === asked ||
      (typing && asked.length >= minimumTermStart && whole.startsWith(asked)))
  );
}

interface Hit {
  score: number;
  positions: Positions;
  /** Found by the reader's own words, not a synonym. */
  typed?: boolean;
}

/**
 * A document's key: the theme gives a page's title, description and
 * keywords the same id, so the key holds the type too.
 */
const keyOf = (type: number, id: number) => id * 8 + type;
const typeOfKey = (key: number) => key % 8;

/** Scores of one concept: document key → hit. */
type ConceptHits = Map<number, Hit>;

export class Searcher {
  private readonly indexes: TypedIndex[];
  private readonly documentsByKey = new Map<number, SearchDocument>();
  private readonly pages = new Map<number, SearchDocument>();
  /** Page id → anchor → that section's heading and content documents. */
  private readonly sections = new Map<
    number,
    Map<string, {heading?: SearchDocument; content?: SearchDocument}>
  >();
  private readonly descriptions = new Map<number, SearchDocument>();
  private readonly expansion: QueryExpansion;
  /** How many pages the whole index holds (a word's rarity is read from it). */
  private readonly pageCount: number;

  /**
   * `pageCount` is given when `indexes` hold only the documents fetched so
   * far (./shardedIndex.ts); else it is the pages they hold.
   */
  constructor(
    indexes: TypedIndex[],
    synonyms: SynonymData,
    pageCount?: number,
  ) {
    this.indexes = indexes;
    for (const {type, documents} of indexes) {
      for (const document of documents) {
        this.documentsByKey.set(keyOf(type, document.i), document);
        if (type === documentType.title) {
          this.pages.set(document.i, document);
        } else if (type === documentType.description && document.p) {
          this.descriptions.set(document.p, document);
        } else if (sectionTypes.has(type as 1 | 4) && document.p) {
          const sections = this.sections.get(document.p) ?? new Map();
          this.sections.set(document.p, sections);
          const anchor = document.h ?? '';
          const section = sections.get(anchor) ?? {};
          sections.set(anchor, section);
          section[type === documentType.heading ? 'heading' : 'content'] =
            document;
        }
      }
    }
    this.expansion = new QueryExpansion(synonyms);
    this.pageCount = pageCount ?? this.pages.size;
  }

  /** Every document holding `stem` (exactly, with one edit, or as a prefix). */
  private termHits(
    stem: string,
    typed: boolean,
    last: boolean,
    cache: Map<string, Map<number, Hit>>,
  ): Map<number, Hit> {
    const key = `${stem}|${typed}|${last}`;
    const cached = cache.get(key);
    if (cached) {
      return cached;
    }
    const hits = new Map<number, Hit>();
    const variants: {weight: number; options: object}[] = [
      {weight: 1, options: {}},
    ];
    if (typed && stem.length >= fuzzyMinLength) {
      variants.push({weight: fuzzyWeight, options: {editDistance: 1}});
    }
    if (
      typed &&
      stem.length >= twoEditsMinLength &&
      stem.length <= twoEditsMaxLength
    ) {
      variants.push({weight: twoEditsWeight, options: {editDistance: 2}});
    }
    if (typed && last && stem.length >= 3) {
      variants.push({
        weight: prefixWeight,
        options: {wildcard: lunr.Query.wildcard.TRAILING},
      });
    }
    for (const [position, {weight, options}] of variants.entries()) {
      // A word the pages use often needs no looser forms: they cost time
      // and add only noise.
      if (position > 0 && hits.size >= looseFormsBelow) {
        break;
      }
      for (const {index, type} of this.indexes) {
        let results: lunr.Index.Result[];
        try {
          results = index.query((query) => {
            query.term(stem, {
              usePipeline: false,
              presence: lunr.Query.presence.OPTIONAL,
              ...options,
            });
          });
        } catch {
          continue;
        }
        for (const result of results) {
          const id = keyOf(type, Number(result.ref));
          const score = result.score * weight;
          const previous = hits.get(id);
          if (!previous || previous.score < score) {
            const positions = Object.values(result.matchData.metadata).flatMap(
              (fields) =>
                (fields as Record<string, {position?: Positions}>).t
                  ?.position ?? [],
            );
            hits.set(id, {score, positions});
          }
        }
      }
    }
    cache.set(key, hits);
    return hits;
  }

  /** Each document's best score for a concept, over its alternatives. */
  private conceptHits(
    concept: Concept,
    isLast: boolean,
    cache: Map<string, Map<number, Hit>>,
  ): ConceptHits {
    const hits: ConceptHits = new Map();
    for (const alternative of concept.alternatives) {
      const perStem = alternative.stems.map((stem, index) =>
        this.termHits(
          stem,
          alternative.typed,
          isLast && index === alternative.stems.length - 1,
          cache,
        ),
      );
      const documents = new Set(perStem.flatMap((map) => [...map.keys()]));
      for (const id of documents) {
        const found = perStem
          .map((map) => map.get(id))
          .filter((hit): hit is Hit => hit !== undefined);
        // A phrase counts fully only where all its words are.
        const share = found.length / alternative.stems.length;
        const score =
          alternative.weight *
          share *
          share *
          found.reduce((sum, hit) => sum + hit.score, 0);
        const previous = hits.get(id);
        if (!previous || previous.score < score) {
          hits.set(id, {
            score,
            positions: found.flatMap((hit) => hit.positions),
            typed: alternative.typed,
          });
        }
      }
    }
    return hits;
  }

  search(input: string, limit: number): SearchResult[] {
    const concepts = this.expansion.concepts(input);
    if (concepts.length === 0) {
      return [];
    }
    const endsTyping = !/\s$/.test(input);
    const asked = normalised(input);
    const cache = new Map<string, Map<number, Hit>>();
    const hitsByConcept = concepts.map((concept, index) =>
      this.conceptHits(
        concept,
        endsTyping && index === concepts.length - 1,
        cache,
      ),
    );

    // Per page: each concept's score in the page's own fields (title,
    // keywords, description), and in each section (heading and text).
    interface PageScore {
      fields: number[];
      sections: Map<string, number[]>;
      /** The best matching heading of each anchor (definitions share one). */
      headings: Map<string, {document: SearchDocument; score: number}>;
    }
    const pageScores = new Map<number, PageScore>();
    const pageScore = (pageId: number) => {
      let page = pageScores.get(pageId);
      if (!page) {
        page = {
          fields: concepts.map(() => 0),
          sections: new Map(),
          headings: new Map(),
        };
        pageScores.set(pageId, page);
      }
      return page;
    };
    hitsByConcept.forEach((hits, conceptIndex) => {
      for (const [key, hit] of hits) {
        const type = typeOfKey(key);
        const document = this.documentsByKey.get(key)!;
        const pageId = type === documentType.title ? document.i : document.p;
        if (pageId === undefined || !this.pages.has(pageId)) {
          continue;
        }
        const definition =
          type === documentType.heading &&
          !this.sections.get(pageId)?.get(document.h ?? '')?.content;
        const weighted =
          hit.score *
          typeWeight[type]! *
          (definition && !answersAsTerm(document.t, asked, endsTyping)
            ? definitionInQuestion
            : 1);
        const page = pageScore(pageId);
        if (type === documentType.heading) {
          const anchor = document.h ?? '';
          const best = page.headings.get(anchor);
          if (!best || best.score < weighted) {
            page.headings.set(anchor, {document, score: weighted});
          }
        }
        if (sectionTypes.has(type as 1 | 4)) {
          const anchor = document.h ?? '';
          const section = page.sections.get(anchor) ?? concepts.map(() => 0);
          page.sections.set(anchor, section);
          section[conceptIndex] = Math.max(section[conceptIndex]!, weighted);
        } else {
          page.fields[conceptIndex] = Math.max(
            page.fields[conceptIndex]!,
            weighted,
          );
        }
      }
    });

    // How much each concept says: rare words more than common ones (the
    // share of pages that hold it), so a page that lacks a common word of
    // the question ("fails", "everything") loses less than one that lacks
    // its subject.
    const pageCount = Math.max(1, this.pageCount);
    const weights = concepts.map((_, conceptIndex) => {
      let pages = 0;
      for (const page of pageScores.values()) {
        if (
          page.fields[conceptIndex]! > 0 ||
          [...page.sections.values()].some(
            (section) => section[conceptIndex]! > 0,
          )
        ) {
          pages += 1;
        }
      }
      return Math.log(1 + pageCount / (1 + pages));
    });
    const totalWeight = weights.reduce((sum, weight) => sum + weight, 0) || 1;

    // A page counts as its best section read with its own fields: the
    // words a reader asks about should meet in one place, not be collected
    // from all over a long page.
    const scoreOf = (fields: number[], section: number[]) => {
      let total = 0;
      let covered = 0;
      fields.forEach((field, index) => {
        const best = Math.max(field, section[index]!);
        const other = Math.min(field, section[index]!);
        if (best > 0) {
          covered += weights[index]!;
        }
        total += best + corroboration * other;
      });
      const coverage = covered / totalWeight;
      return total * coverage ** coverageExponent;
    };
    const ranked = [...pageScores]
      .map(([pageId, page]) => {
        let bestAnchor: string | undefined;
        let score = scoreOf(
          page.fields,
          concepts.map(() => 0),
        );
        // The page ranks by its best section; the section it opens is the
        // one whose own heading names every concept of the question, when
        // one does ("cancel order" opens POST /orders/{id}/cancel, not the
        // order object, whose long text says "cancelled" more often).
        let namedScore = 0;
        let namedAnchor: string | undefined;
        for (const [anchor, section] of page.sections) {
          const value = scoreOf(page.fields, section);
          if (value > score) {
            score = value;
            bestAnchor = anchor;
          }
          if (value > namedScore && this.namesAll(pageId, anchor, concepts)) {
            namedScore = value;
            namedAnchor = anchor;
          }
        }
        bestAnchor = namedAnchor ?? bestAnchor;
        return {
          pageId,
          bestAnchor,
          heading:
            bestAnchor === undefined
              ? undefined
              : page.headings.get(bestAnchor)?.document,
          score,
        };
      })
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);

    const tokens = [
      ...new Set(
        concepts.flatMap((concept) =>
          concept.words.filter(
            (word) => !isStopWord(word) && !this.expansion.ignore.has(word),
          ),
        ),
      ),
    ];
    return ranked.map(({pageId, bestAnchor, heading, score}) =>
      this.result(pageId, bestAnchor, heading, score, hitsByConcept, tokens),
    );
  }

  /**
   * Whether a section's own heading names every concept of the question in
   * the reader's words, however written (`POST /orders/{id}/cancel` names
   * "cancel" and "order").
   */
  private namesAll(pageId: number, anchor: string, concepts: Concept[]) {
    // A definition (a heading with no text of its own) answers a term, not
    // a question: it is never chosen this way.
    const section = this.sections.get(pageId)?.get(anchor);
    const heading = section?.content ? section.heading : undefined;
    if (!heading) {
      return false;
    }
    const words = new Set(heading.t.split(/[^\p{L}\p{N}]+/u).map(stemOf));
    // The reader's own words, not their synonyms.
    return concepts.every((concept) =>
      concept.alternatives.some(
        (alternative) =>
          alternative.typed &&
          alternative.stems.every((stem) => words.has(stem)),
      ),
    );
  }

  /** A page's result: its best section, or its top, with a snippet. */
  private result(
    pageId: number,
    bestAnchor: string | undefined,
    heading: SearchDocument | undefined,
    score: number,
    hitsByConcept: ConceptHits[],
    tokens: string[],
  ): SearchResult {
    const page = this.pages.get(pageId)!;
    const section =
      bestAnchor === undefined
        ? undefined
        : this.sections.get(pageId)?.get(bestAnchor);
    const description = this.descriptions.get(pageId);
    const text = section?.content ?? (section ? undefined : description);
    const textKey = text
      ? keyOf(
          section?.content ? documentType.content : documentType.description,
          text.i,
        )
      : undefined;
    const positions =
      textKey === undefined
        ? []
        : hitsByConcept.flatMap((hits) => hits.get(textKey)?.positions ?? []);
    const snippetSource = text ?? description;
    const {snippet, marks} = snippetOf(snippetSource?.t ?? '', positions);
    const opens = section?.content ?? heading ?? section?.heading ?? page;
    const type =
      opens === page
        ? documentType.title
        : opens === section?.content
          ? documentType.content
          : documentType.heading;
    const sectionTitle =
      bestAnchor && section
        ? (heading?.t ?? section.heading?.t ?? section.content?.s)
        : undefined;
    // The theme's results page marks the opened document's own text.
    const ownPositions =
      opens === section?.content ? positions : wordPositions(opens.t, tokens);
    const metadataPositions: Positions = ownPositions.length
      ? ownPositions
      : [[0, 0]];
    return {
      document: opens,
      type,
      page: opens === page ? false : page,
      metadata: {
        [tokens[0] ?? '']: {t: {position: metadataPositions}},
      },
      tokens,
      score,
      pageTitle: page.t,
      path: withoutRepeats(page.b ?? []),
      sectionTitle,
      snippet,
      marks,
    };
  }
}
