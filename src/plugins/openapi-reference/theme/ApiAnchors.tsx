import type {ReactNode} from 'react';
import useBrokenLinks from '@docusaurus/useBrokenLinks';

/**
 * Registers the field anchors of an API page (`order-object-status`) with
 * Docusaurus' broken-anchor checker, so links to them are checked at build
 * time. The ids sit on plain list items; this renders nothing.
 */
export default function ApiAnchors({ids}: {ids: string}): ReactNode {
  const brokenLinks = useBrokenLinks();
  ids.split(' ').forEach((id) => brokenLinks.collectAnchor(id));
  return null;
}
