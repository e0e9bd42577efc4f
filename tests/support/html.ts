import {parse, type DefaultTreeAdapterMap} from 'parse5';

/**
 * Reads built HTML with parse5 (the parser browsers follow), so checks of
 * the built files see elements and attributes as a browser would, whatever
 * the minifier did to quotes and end tags.
 */

type Element = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['node'];

export interface HtmlElement {
  /** Its tag name, in lower case. */
  tag: string;
  attribute(name: string): string | undefined;
  hasClass(name: string): boolean;
  text(): string;
  /** The elements under this one, in document order. */
  descendants(): HtmlElement[];
}

function wrap(element: Element): HtmlElement {
  const self: HtmlElement = {
    tag: element.tagName,
    attribute: (name) =>
      element.attrs.find((attribute) => attribute.name === name)?.value,
    hasClass: (name) =>
      (self.attribute('class') ?? '').split(/\s+/).includes(name),
    text: () => textOf(element),
    descendants: () => elementsUnder(element),
  };
  return self;
}

function textOf(node: Node): string {
  if (node.nodeName === '#text') {
    return (node as DefaultTreeAdapterMap['textNode']).value;
  }
  return 'childNodes' in node ? node.childNodes.map(textOf).join('') : '';
}

function elementsUnder(node: Node): HtmlElement[] {
  if (!('childNodes' in node)) {
    return [];
  }
  return node.childNodes.flatMap((child) =>
    'tagName' in child
      ? [wrap(child as Element), ...elementsUnder(child)]
      : elementsUnder(child),
  );
}

/** Every element of a page, in document order. */
export const elementsOf = (html: string): HtmlElement[] =>
  elementsUnder(parse(html));

/**
 * Every `&name=` written with a bare `&` in the text or an attribute of a
 * page, each with a little of the HTML around it. HTML5 lets a browser read
 * `?limit=1&order=desc` as it is meant, but parsers other than browsers read
 * `&order` as the start of an entity; the site writes `&amp;`. Scripts and
 * styles are their own languages, where `&` is no entity, and are left out.
 */
export function bareAmpersands(html: string): string[] {
  const found: string[] = [];
  const check = (location: {startOffset: number; endOffset: number}) => {
    const source = html.slice(location.startOffset, location.endOffset);
    for (const match of source.matchAll(/&[A-Za-z_][\w.-]*=/g)) {
      const at = location.startOffset + match.index;
      found.push(html.slice(Math.max(0, at - 40), at + match[0].length + 20));
    }
  };
  const visit = (node: Node) => {
    if (node.nodeName === '#text' && node.sourceCodeLocation) {
      check(node.sourceCodeLocation);
    }
    if (!('childNodes' in node)) {
      return;
    }
    if ('tagName' in node) {
      for (const attribute of Object.values(
        node.sourceCodeLocation?.attrs ?? {},
      )) {
        check(attribute);
      }
      if (node.tagName === 'script' || node.tagName === 'style') {
        return;
      }
    }
    node.childNodes.forEach(visit);
  };
  visit(parse(html, {sourceCodeLocationInfo: true}));
  return found;
}
