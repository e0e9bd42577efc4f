import {parse, type DefaultTreeAdapterMap} from 'parse5';

/**
 * Reads built HTML with parse5 (the parser browsers follow), so checks of
 * the built files see elements and attributes as a browser would, whatever
 * the minifier did to quotes and end tags.
 */

type Element = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['node'];

export interface HtmlElement {
  attribute(name: string): string | undefined;
  hasClass(name: string): boolean;
  text(): string;
  /** The elements under this one, in document order. */
  descendants(): HtmlElement[];
}

function wrap(element: Element): HtmlElement {
  const self: HtmlElement = {
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
