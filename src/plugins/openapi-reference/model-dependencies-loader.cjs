// @ts-check
/**
 * A pass-through webpack (Rspack) loader for the site's Markdown: a page that
 * draws on the API model (it names one of the remark plugin's placeholders)
 * is made to depend on the source files its placeholders are drawn from, so
 * that in `npm start` an edit to a spec file, an overlay or a data file
 * recompiles the pages built from it and no others, and the build's
 * persistent cache never serves a page rendered from an older spec. Which
 * files those are, the plugin writes at each load of the model
 * (`pageSources` in model.ts); what each placeholder is about, the
 * plugin passes from their declarations (`placeholderSubjects` in
 * placeholders.ts). It is plain CommonJS because the bundler
 * loads loaders with Node's `require`.
 */
const {readFileSync} = require('node:fs');

/**
 * @typedef {{all: string[], resources: Record<string, string[]>, guideLifecycles: string}} PageSources
 * @typedef {'resource' | 'lifecycle' | 'model'} PlaceholderSubject
 * @this {{getOptions(): {sourcesFile: string, subjects: Record<string, PlaceholderSubject>},
 *   addDependency(file: string): void}}
 * @param {string} source
 * @returns {string}
 */
module.exports = function modelDependenciesLoader(source) {
  const {sourcesFile, subjects} = this.getOptions();
  const placeholders = [...source.matchAll(/<([A-Z]\w*)\b([^>]*)>/g)].filter(
    ([, name]) => Object.hasOwn(subjects, name ?? ''),
  );
  if (placeholders.length === 0) {
    return source;
  }
  /** @type {PageSources} */
  const sources = JSON.parse(readFileSync(sourcesFile, 'utf8'));
  for (const [, name, attributes] of placeholders) {
    const subject = subjects[name ?? ''];
    const named =
      subject === 'model'
        ? undefined
        : new RegExp(`${subject}="([^"]+)"`).exec(attributes ?? '')?.[1];
    const own = named ? sources.resources[named] : undefined;
    const files =
      subject === 'lifecycle'
        ? (own ?? [sources.guideLifecycles])
        : (own ?? sources.all);
    files.forEach((file) => this.addDependency(file));
  }
  return source;
};
