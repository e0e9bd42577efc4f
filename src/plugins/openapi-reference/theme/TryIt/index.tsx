// Try it on an operation's page: a closed button that loads the request form (Panel) only when the reader opens it.
import {useId, useState, type ReactNode} from 'react';
import Loadable, {type LoadingComponentProps} from 'react-loadable';
import useIsBrowser from '@docusaurus/useIsBrowser';
import type {PanelProps} from './Panel';

/** While the form's code loads: a status, or why it failed and a retry. */
function PanelLoading({error, retry}: LoadingComponentProps): ReactNode {
  return error ? (
    <p role="alert">
      The form did not load. Check your connection, then{' '}
      <button
        type="button"
        className="button button--link button--sm"
        onClick={retry}>
        try again
      </button>
      .
    </p>
  ) : (
    <p role="status">Loading the form…</p>
  );
}

/**
 * The form. Its chunk loads on the first opening of any operation's form in
 * the tab, through react-loadable, which Docusaurus loads its routes with
 * (so it is in every page's code already, and this costs API pages no
 * loader of their own). The chunk has no name, nor has the world's: a
 * chunk's name is written into the runtime every page loads.
 */
const Panel = Loadable<PanelProps, object>({
  loader: () => import('./Panel'),
  loading: PanelLoading,
});

/**
 * A "Try it" button under an operation's request samples. Nothing of the
 * form (its code, the operation's validators, the sample world) loads
 * until the reader presses it; closing it keeps what they typed. The
 * button needs JavaScript, so it appears once the page has hydrated: the
 * page's HTML does not carry it, there is none without JavaScript, and
 * search does not index it. The form's container exists from the first
 * opening on. Each API page's chunk has its own copy of this component:
 * keep it small.
 */
export default function ApiTryIt(props: PanelProps): ReactNode {
  const id = useId();
  // Undefined until the reader first opens the form.
  const [open, setOpen] = useState<boolean>();
  const hydrated = useIsBrowser();
  if (!hydrated) {
    return null;
  }
  return (
    <>
      <button
        type="button"
        className="button button--outline button--primary margin-vert--md api-try"
        aria-expanded={Boolean(open)}
        aria-controls={open === undefined ? undefined : id}
        aria-label={`Try it: ${props.summary}`}
        onClick={() => setOpen(!open)}>
        Try it
      </button>
      {open !== undefined && (
        <div id={id} hidden={!open}>
          <Panel {...props} />
        </div>
      )}
    </>
  );
}
