// @ts-check
/**
 * A pass-through webpack (Rspack) loader for the site's Markdown: a page that
 * draws on the API model (it names one of the remark plugin's placeholders)
 * is made to depend on the source files its placeholders are drawn from, so
 * that in `npm start` an edit to a spec file, an overlay or a data file
 * recompiles the pages built from it and no others, and the build's
 * persistent cache never serves a page rendered from an older spec. Which
 * files those are, the plugin writes at each load of the model
 * (`pageSources` in model.ts). It is plain CommonJS because the bundler
 * loads loaders with Node's `require`.
 */
const {readFileSync} = require('node:fs');

/** Placeholders about one resource, named by an attribute. */
const resourcePlaceholders = ['ApiReference', 'ApiFilterFields'];
/** Placeholders about one lifecycle: a resource's, or a guide-only one. */
const lifecyclePlaceholders = ['StateDiagram', 'StateTable'];

/**
 * @typedef {{all: string[], resources: Record<string, string[]>, guideLifecycles: string}} PageSources
 * @this {{getOptions(): {sourcesFile: string, names: string[]},
 *   addDependency(file: string): void}}
 * @param {string} source
 * @returns {string}
 */
module.exports = function modelDependenciesLoader(source) {
  const {sourcesFile, names} = this.getOptions();
  const placeholders = [...source.matchAll(/<([A-Z]\w*)\b([^>]*)>/g)].filter(
    ([, name]) => names.includes(name ?? ''),
  );
  if (placeholders.length === 0) {
    return source;
  }
  /** @type {PageSources} */
  const sources = JSON.parse(readFileSync(sourcesFile, 'utf8'));
  for (const [, name, attributes] of placeholders) {
    const subject = /(?:resource|lifecycle)="([^"]+)"/.exec(
      attributes ?? '',
    )?.[1];
    const own = subject ? sources.resources[subject] : undefined;
    const files = lifecyclePlaceholders.includes(name ?? '')
      ? (own ?? [sources.guideLifecycles])
      : resourcePlaceholders.includes(name ?? '') && own
        ? own
        : sources.all;
    files.forEach((file) => this.addDependency(file));
  }
  return source;
};
