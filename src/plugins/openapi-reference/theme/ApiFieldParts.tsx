import type {ReactNode} from 'react';
import './behaviour';

/*
 * Native elements for the field lists. Written as `details` or `a` in the
 * remark output they would become the theme's Details (a hydrated
 * collapsible) and Link (a router link, which does not update `:target`),
 * because the MDX component map replaces those names.
 */

/** A nested object's fields, behind a native "Show child attributes" toggle. */
export function ApiChildAttributes({
  children,
}: {
  children: ReactNode;
}): ReactNode {
  return (
    <details className="api-field__children">
      <summary>Show child attributes</summary>
      {children}
    </details>
  );
}

/**
 * An operation's example problem documents of one status, behind a native
 * toggle that names the status and how many causes it shows.
 */
export function ApiProblemExamples({
  label,
  children,
}: {
  label: string;
  children: ReactNode;
}): ReactNode {
  return (
    <details className="api-problems">
      <summary>{label}</summary>
      {children}
    </details>
  );
}

/** A field's copy-link control: a plain in-page link, copied by theme/behaviour.ts. */
export function ApiFieldLink({
  id,
  name,
}: {
  id: string;
  name: string;
}): ReactNode {
  return (
    // A plain link on purpose: the browser's own hash navigation sets `:target`.
    // eslint-disable-next-line @docusaurus/no-html-links
    <a
      className="api-field__anchor"
      href={`#${id}`}
      aria-label={`Copy link to ${name}`}
      title="Copy link">
      #
    </a>
  );
}
