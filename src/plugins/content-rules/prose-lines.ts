import {readPage} from '../../model/page-reading';
import {withoutDeliberate} from './deliberate';

/**
 * A page's lines of prose, with their 1-based numbers: code, the MDX
 * module (imports, exports) and lines marked deliberately wrong are left
 * out, so the prose checks read what a reader is told.
 */
export function proseLines(source: string): {line: string; number: number}[] {
  const {lines: kinds} = readPage(source);
  return withoutDeliberate({source})
    .source.split('\n')
    .flatMap((line, index) =>
      kinds[index] === 'code' || kinds[index] === 'module'
        ? []
        : [{line, number: index + 1}],
    );
}
