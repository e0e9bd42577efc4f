import type {Element, ElementContent, Root, RootContent} from 'hast';

/**
 * Tidies a built page's HTML before the llms-txt plugin turns it into the
 * page's Markdown copy: drops heading anchor links, HTML comments and the
 * drawn state diagrams (their transitions table stays), gives code blocks
 * their language, and writes each code-sample tab as a labelled block so
 * every language survives without the tabs. In the API reference it drops
 * the controls (copy buttons, copy-link anchors, the language picker and
 * the "Show child attributes" toggles) and labels each language's sample.
 */

/** API reference controls that mean nothing in a Markdown copy. */
const controlClasses = [
  'api-field__anchor',
  'api-code__copy',
  'api-samples__picker',
];

type Parent = Root | Element;

const classes = (node: Element): string[] => {
  const value = node.properties?.className;
  return Array.isArray(value) ? value.map(String) : [];
};

const hasClass = (node: ElementContent | RootContent, name: string) =>
  node.type === 'element' && classes(node).includes(name);

const text = (node: ElementContent): string =>
  node.type === 'text'
    ? node.value
    : node.type === 'element' && node.tagName !== 'br'
      ? node.children.map(text).join('')
      : '';

function element(tagName: string, children: ElementContent[]): Element {
  return {type: 'element', tagName, properties: {}, children};
}

/** The labelled code blocks of a Tabs container, in tab order. */
function tabsAsBlocks(container: Element): ElementContent[] {
  const tabs: Element[] = [];
  const panels: Element[] = [];
  const collect = (node: ElementContent) => {
    if (node.type !== 'element') {
      return;
    }
    if (node.properties?.role === 'tab') {
      tabs.push(node);
    } else if (node.properties?.role === 'tabpanel') {
      panels.push(node);
      return;
    }
    node.children.forEach(collect);
  };
  container.children.forEach(collect);
  return panels.flatMap((panel, index) => [
    element('p', [
      element('strong', [{type: 'text', value: text(tabs[index] ?? panel)}]),
    ]),
    ...panel.children,
  ]);
}

function clean(parent: Parent, baseUrl: string): void {
  parent.children = parent.children.flatMap((node): RootContent[] => {
    if (node.type === 'comment') {
      return [];
    }
    if (node.type !== 'element') {
      return [node];
    }
    if (
      hasClass(node, 'hash-link') ||
      hasClass(node, 'state-diagram__canvas') ||
      controlClasses.some((name) => hasClass(node, name)) ||
      (node.tagName === 'summary' &&
        hasClass(parent as Element, 'api-field__children'))
    ) {
      return [];
    }
    if (
      node.tagName === 'figure' &&
      node.properties?.dataFigure !== undefined
    ) {
      // A drawn screen of the app reads as noise in Markdown: its caption
      // and numbered key are its text alternative, and stand for it.
      const caption = node.children.find(
        (child): child is Element =>
          child.type === 'element' && child.tagName === 'figcaption',
      );
      const replacement = element('div', caption?.children ?? []);
      clean(replacement, baseUrl);
      return [replacement];
    }
    if (hasClass(node, 'api-code__label')) {
      return [element('p', [element('strong', node.children)])];
    }
    if (hasClass(node, 'tabs-container')) {
      const replacement = element('div', tabsAsBlocks(node));
      clean(replacement, baseUrl);
      return [replacement];
    }
    if (node.tagName === 'pre') {
      const language = classes(node).find((name) =>
        name.startsWith('language-'),
      );
      const code = node.children.find(
        (child): child is Element =>
          child.type === 'element' && child.tagName === 'code',
      );
      if (code) {
        // The reference's code is highlighted as one text with token spans;
        // a theme code block has one element per line.
        const value = hasClass(node, 'api-code__pre')
          ? text(code)
          : code.children.map(text).join('\n');
        code.properties = {className: language ? [language] : []};
        code.children = [{type: 'text', value}];
      }
      return [node];
    }
    const href = node.tagName === 'a' ? node.properties?.href : undefined;
    if (typeof href === 'string' && href.startsWith(baseUrl)) {
      // The plugin prefixes internal links with the site URL and base path
      // itself; without this they would carry the base path twice.
      node.properties.href = `/${href.slice(baseUrl.length)}`;
    }
    clean(node, baseUrl);
    return [node];
  });
}

/** The rehype plugin, for a site served under `baseUrl` (such as `/help/`). */
export default function markdownCleanup(baseUrl: string) {
  return () => (tree: Root) => clean(tree, baseUrl);
}
