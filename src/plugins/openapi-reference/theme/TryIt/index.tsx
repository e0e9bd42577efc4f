// Try it on an operation's page: a closed button that loads the request form (Panel) only when the reader opens it.
import {useId, useState, type ComponentType, type ReactNode} from 'react';
import type {PanelProps} from './Panel';

export interface ApiTryItProps {
  release: string;
  operationId: string;
  summary: string;
}

/** The form's chunk, loaded once for every operation of the tab. */
let panel: Promise<ComponentType<PanelProps>> | undefined;
function loadPanel() {
  panel ??= import(/* webpackChunkName: "try-it" */ './Panel').then(
    (module) => module.default,
    (error: unknown) => {
      panel = undefined;
      throw error;
    },
  );
  return panel;
}

/**
 * A "Try it" button under an operation's request samples. Nothing of the
 * form (its code, the operation's validators, the sample world) loads
 * until the reader presses it; closing it keeps what they typed.
 */
export default function ApiTryIt({
  release,
  operationId,
  summary,
}: ApiTryItProps): ReactNode {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [Panel, setPanel] = useState<ComponentType<PanelProps>>();
  const [failed, setFailed] = useState(false);

  function load() {
    setFailed(false);
    loadPanel().then(
      (component) => setPanel(() => component),
      () => setFailed(true),
    );
  }

  function toggle() {
    if (!open && !Panel) {
      load();
    }
    setOpen(!open);
  }

  return (
    <div className="api-try margin-vert--md">
      <button
        type="button"
        className="button button--outline button--primary api-try__open"
        aria-expanded={open}
        aria-controls={id}
        aria-label={`Try it: ${summary}`}
        onClick={toggle}>
        Try it
      </button>
      <div id={id} className="api-try__body" hidden={!open}>
        {Panel ? (
          <Panel
            release={release}
            operationId={operationId}
            summary={summary}
          />
        ) : failed ? (
          <p role="alert">
            The form did not load. Check your connection, then{' '}
            <button
              type="button"
              className="button button--link button--sm"
              onClick={load}>
              try again
            </button>
            .
          </p>
        ) : open ? (
          <p role="status">Loading the form…</p>
        ) : null}
      </div>
    </div>
  );
}
