// Stands in for mark.js in the local search theme (see ./index.ts): the
// same constructor and the two methods the theme calls, loading the real
// library only when a page has words to mark or marks to remove.
import type MarkType from 'mark.js';

type MarkOptions = MarkType.MarkOptions;

const markSelector = 'mark[data-markjs]';

// Another file of the package than the one ./index.ts redirects here: the
// bundler applies the redirect to the resolved file, whatever the request.
const loadMark = () =>
  import('mark.js/dist/mark.es6.js').then((module) => module.default);

export default class LazyMark {
  constructor(private readonly root: HTMLElement) {}

  unmark(): void {
    if (this.root.querySelector(markSelector)) {
      void loadMark().then((Mark) => new Mark(this.root).unmark());
    }
  }

  mark(keywords: string | readonly string[], options?: MarkOptions): void {
    void loadMark().then((Mark) =>
      new Mark(this.root).mark([keywords].flat(), options),
    );
  }
}
