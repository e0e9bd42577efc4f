// The Try it form, loaded only when a reader opens it: the operation's module, a form filled from its sample and checked as the reader types, and the response.
import {
  Fragment,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import clsx from 'clsx';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useDocsVersion} from '@docusaurus/plugin-content-docs/client';
import manifest from '@generated/openapi-reference/try/index.json';
import {tryItModuleFile} from '../../../../lib/try-it/modules';
import {requestProblems, type TryModule} from '../../../../lib/try-it/validate';
import {validatorRuntime} from '../../../../lib/try-it/validator-runtime';
import type {
  FieldProblem,
  TryParameter,
  TryResponse,
} from '../../../../lib/try-it/types';
import {sampleApiKey, setKey, useKey, type Destination} from './keys';
import {
  authorizationHeader,
  controlKey,
  curlCommand,
  formRequest,
  placeProblems,
  sampleValues,
  statusLine,
  type FormValues,
} from './request';
import {sendToSandbox} from './sandbox';
import styles from './styles.module.css';

/** What each operation's page gives its form; the release is the page's. */
export interface PanelProps {
  operationId: string;
  summary: string;
}

/**
 * The release of the page the form is on: the API section's docs version,
 * the latest release's (`current`) or an older one's, named after it.
 */
function usePageRelease(): string {
  const {isLast, version} = useDocsVersion();
  return isLast ? manifest.latest : version;
}

/**
 * An operation's module, from the address the build's manifest gives it: a
 * file the browser imports as the build wrote it (its validators' code
 * needs no bundler).
 */
function loadOperation(baseUrl: string, release: string, operationId: string) {
  const hash = manifest.modules[release]?.[operationId];
  return hash === undefined
    ? Promise.reject(
        new Error(`The build wrote no Try it module for ${operationId}.`),
      )
    : (import(
        /* webpackIgnore: true */ `${baseUrl}${tryItModuleFile(manifest.folder, release, operationId, hash)}`
      ) as Promise<TryModule>);
}

/** The sample world's responder, loaded on the first Send to it. */
const loadWorld = () => import('./world');

/** How long "Copied" shows. */
const copiedMessageMs = 3000;

export default function Panel({operationId, summary}: PanelProps): ReactNode {
  const release = usePageRelease();
  const [module, setModule] = useState<TryModule>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const {baseUrl} = useDocusaurusContext().siteConfig;
  useEffect(() => {
    let current = true;
    loadOperation(baseUrl, release, operationId).then(
      (loaded) => current && setModule(loaded),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [baseUrl, release, operationId, attempt]);
  if (module) {
    return <TryForm module={module} summary={summary} />;
  }
  if (failed) {
    return (
      <div className={styles.panel} role="alert">
        <p>The form did not load. Check your connection, then try again.</p>
        <button
          type="button"
          className="button button--secondary button--sm"
          onClick={() => {
            setFailed(false);
            setAttempt(attempt + 1);
          }}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <p className={styles.panel} role="status">
      Loading the form…
    </p>
  );
}

/** What Send got: a response (and where from), or why there is none. */
type Outcome =
  | {response: TryResponse; statusText: string; from: Destination}
  | {error: string};

const destinations: {value: Destination; label: string}[] = [
  {value: 'world', label: 'Sample world'},
  {value: 'sandbox', label: 'Your sandbox'},
];

function TryForm({
  module,
  summary,
}: {
  module: TryModule;
  summary: string;
}): ReactNode {
  const {operation} = module;
  const id = useId();
  const {baseUrl} = useDocusaurusContext().siteConfig;
  const validators = useMemo(
    () => module.validators(validatorRuntime),
    [module],
  );
  const [destination, setDestination] = useState<Destination>('world');
  const key = useKey(destination);
  const [values, setValues] = useState<FormValues>(() =>
    sampleValues(operation),
  );
  const [body, setBody] = useState(operation.body?.sample ?? '');
  const [outcome, setOutcome] = useState<Outcome>();
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState('');
  const responseRef = useRef<HTMLElement>(null);
  const statusTimer = useRef<number>(undefined);

  const request = useMemo(
    () => formRequest(operation, values, body, key),
    [operation, values, body, key],
  );
  const problems = useMemo(
    () => requestProblems(operation, request, validators),
    [operation, request, validators],
  );
  const placed = placeProblems(operation, problems);
  const keyKey = controlKey('header', authorizationHeader);
  const keyProblems = [
    ...(placed.fields.get(keyKey) ?? []),
    ...(destination === 'sandbox' && key.trim().startsWith('ih_live_')
      ? [
          'API key is a production key (ih_live_): the sandbox takes only ih_test_ keys, and answers 401',
        ]
      : []),
  ];

  // The response takes focus once it is shown, so it is read out.
  useEffect(() => {
    if (outcome) {
      responseRef.current?.focus();
    }
  }, [outcome]);
  useEffect(() => () => window.clearTimeout(statusTimer.current), []);

  const say = (message: string, forMs?: number) => {
    window.clearTimeout(statusTimer.current);
    setStatus(message);
    if (forMs !== undefined) {
      statusTimer.current = window.setTimeout(() => setStatus(''), forMs);
    }
  };

  async function send(event: FormEvent) {
    event.preventDefault();
    if (sending) {
      return;
    }
    setSending(true);
    say(
      destination === 'world'
        ? 'Sending to the sample world…'
        : 'Sending to your sandbox…',
    );
    let next: Outcome;
    if (destination === 'world') {
      try {
        const {worldAnswer} = await loadWorld();
        next = {
          response: await worldAnswer(baseUrl, operation, request, problems),
          statusText: '',
          from: 'world',
        };
      } catch (error) {
        next = {
          error: `The sample world did not load (${(error as Error).message}). Check your connection, then send again.`,
        };
      }
    } else {
      const result = await sendToSandbox(operation.sandbox, request);
      next = 'error' in result ? result : {...result, from: 'sandbox'};
    }
    setSending(false);
    say('');
    setOutcome(next);
  }

  function copy() {
    navigator.clipboard.writeText(curlCommand(operation.sandbox, request)).then(
      () => say('Copied the request as cURL.', copiedMessageMs),
      () =>
        say(
          'The browser did not let this page copy. Allow clipboard access, or build the command from the form.',
        ),
    );
  }

  function reset() {
    setValues(sampleValues(operation));
    setBody(operation.body?.sample ?? '');
    setKey('world', sampleApiKey);
    setOutcome(undefined);
    say('The form holds the sample request again.', copiedMessageMs);
  }

  const setValue = (parameter: TryParameter, value: string) =>
    setValues((before) => ({
      ...before,
      [controlKey(parameter.in, parameter.name)]: value,
    }));

  const groups: {place: TryParameter['in']; legend: string}[] = [
    {place: 'path', legend: 'Path parameters'},
    {place: 'query', legend: 'Query parameters'},
    {place: 'header', legend: 'Headers'},
  ];
  const bodyId = `${id}-body`;

  return (
    <form
      className={styles.panel}
      aria-label={`Request: ${summary}`}
      noValidate
      onSubmit={(event) => void send(event)}>
      <fieldset className={styles.group}>
        <legend>Send to</legend>
        <div className={styles.choices}>
          {destinations.map(({value, label}) => (
            <label key={value} className={styles.choice}>
              <input
                type="radio"
                name={`${id}-destination`}
                value={value}
                checked={destination === value}
                onChange={() => setDestination(value)}
              />{' '}
              {label}
            </label>
          ))}
        </div>
        <p className={styles.hint}>
          {destination === 'world' ? (
            <>
              The sample world answers in this tab, with the data every example
              shows. Nothing is sent over the network.
            </>
          ) : (
            <>
              Sent from your browser to <code>{operation.sandbox}</code> with
              your key.
            </>
          )}
        </p>
        {operation.needsKey && (
          <Field
            id={`${id}-key`}
            label="API key"
            hint={
              destination === 'world'
                ? 'The sample key the examples send. Clear it to see what a request without a key gets.'
                : 'Paste a sandbox key (ih_test_…). It stays in this tab’s memory, shared by the forms on the page, until you reload; it is never stored, and is sent only to the sandbox.'
            }
            problems={keyProblems}>
            {(control) => (
              <input
                {...control}
                type="password"
                autoComplete="off"
                spellCheck={false}
                value={key}
                onChange={(event) => setKey(destination, event.target.value)}
              />
            )}
          </Field>
        )}
      </fieldset>

      {groups.map(({place, legend}) => {
        const parameters = operation.parameters.filter(
          (parameter) => parameter.in === place,
        );
        return parameters.length === 0 ? null : (
          <fieldset key={place} className={styles.group}>
            <legend>{legend}</legend>
            {parameters.map((parameter) => (
              <ParameterField
                key={parameter.name}
                id={`${id}-${place}-${parameter.name}`}
                parameter={parameter}
                value={values[controlKey(place, parameter.name)] ?? ''}
                problems={
                  placed.fields.get(controlKey(place, parameter.name)) ?? []
                }
                onChange={(value) => setValue(parameter, value)}
              />
            ))}
          </fieldset>
        );
      })}

      {operation.body && (
        <Field
          id={bodyId}
          label="Body (JSON)"
          hint={`${operation.body.required ? 'Required. ' : ''}The request body, as JSON.`}
          problems={placed.body.map(bodyProblem)}>
          {(control) => (
            <textarea
              {...control}
              className={clsx(control.className, styles.code)}
              rows={Math.min(Math.max(body.split('\n').length, 4), 16)}
              spellCheck={false}
              autoCapitalize="off"
              autoComplete="off"
              value={body}
              onChange={(event) => setBody(event.target.value)}
            />
          )}
        </Field>
      )}

      <div className={styles.check}>
        {problems.length === 0 ? (
          <p>
            The request matches the API document of release {operation.release}.
          </p>
        ) : (
          <p>
            {problems.length === 1
              ? 'The request has 1 problem'
              : `The request has ${problems.length} problems`}
            {placed.request.length < problems.length
              ? ', shown at its field'
              : ''}
            . You can still send it, to see what the API answers (a 400, 401 or
            422).
          </p>
        )}
        {placed.request.length > 0 && (
          <ul className={styles.problems}>
            {placed.request.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}
      </div>

      <div className={styles.actions}>
        <button type="submit" className="button button--primary">
          Send
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={copy}>
          Copy as cURL
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={reset}>
          Reset
        </button>
      </div>
      <p className={styles.status} role="status">
        {status}
      </p>

      {outcome && (
        <section
          ref={responseRef}
          tabIndex={-1}
          className={styles.response}
          aria-label="Response">
          {'error' in outcome ? (
            <p className={styles.failure}>{outcome.error}</p>
          ) : (
            <ResponseView
              response={outcome.response}
              statusText={outcome.statusText}
              from={outcome.from}
            />
          )}
        </section>
      )}
    </form>
  );
}

/** A body problem as a line: its JSON pointer, then what is wrong. */
const bodyProblem = (problem: FieldProblem) =>
  problem.field
    ? `${problem.field} ${problem.message}`
    : `The body ${problem.message}`;

/** The props every control gets from its field: its id, and its hint and problems as descriptions. */
interface ControlProps {
  id: string;
  className: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

/** A labelled control with its hint and its problems, which describe it. */
function Field({
  id,
  label,
  hint,
  problems,
  required,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  problems: string[];
  required?: boolean;
  children: (control: ControlProps & {'aria-required'?: true}) => ReactNode;
}): ReactNode {
  const hintId = `${id}-hint`;
  const problemsId = `${id}-problems`;
  const describedBy = [
    ...(problems.length > 0 ? [problemsId] : []),
    ...(hint ? [hintId] : []),
  ].join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children({
        id,
        className: styles.control!,
        ...(describedBy ? {'aria-describedby': describedBy} : {}),
        ...(problems.length > 0 ? {'aria-invalid': true} : {}),
        ...(required ? {'aria-required': true} : {}),
      })}
      {problems.length > 0 && (
        <ul id={problemsId} className={styles.problems}>
          {problems.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** One parameter's field: a select for an enum, else a text box. */
function ParameterField({
  id,
  parameter,
  value,
  problems,
  onChange,
}: {
  id: string;
  parameter: TryParameter;
  value: string;
  problems: string[];
  onChange: (value: string) => void;
}): ReactNode {
  const hint = [
    parameter.required ? 'Required.' : '',
    parameter.description ?? '',
  ]
    .join(' ')
    .trim();
  return (
    <Field
      id={id}
      label={parameter.name}
      hint={hint || undefined}
      problems={problems}
      required={parameter.required}>
      {(control) =>
        parameter.values ? (
          <select
            {...control}
            value={value}
            onChange={(event) => onChange(event.target.value)}>
            <option value="">(not sent)</option>
            {parameter.values.map((allowed) => (
              <option key={allowed} value={allowed}>
                {allowed}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...control}
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        )
      }
    </Field>
  );
}

function ResponseView({
  response,
  statusText,
  from,
}: {
  response: TryResponse;
  statusText: string;
  from: Destination;
}): ReactNode {
  const {status, headers, body} = response;
  return (
    <>
      <p className={styles.statusLine}>
        <strong
          className={clsx(
            styles.statusCode,
            status >= 400 ? styles.statusError : styles.statusSuccess,
          )}>
          {statusLine(status, statusText)}
        </strong>{' '}
        <span className={styles.hint}>
          {from === 'world' ? 'from the sample world' : 'from your sandbox'}
        </span>
      </p>
      {headers.length > 0 && (
        <dl className={styles.headers}>
          {headers.map(([name, value]) => (
            <Fragment key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
      )}
      {body ? (
        <pre className={styles.body} tabIndex={0}>
          <code>{body}</code>
        </pre>
      ) : (
        <p className={styles.hint}>No body.</p>
      )}
    </>
  );
}
