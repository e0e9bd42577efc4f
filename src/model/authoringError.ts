/**
 * A mistake in the site's sources (a page, a spec file, an overlay, a data
 * file) that an author fixes: its message names the file and line, what is
 * wrong and what to do, one line per mistake. It carries no stack trace,
 * since the code that found the mistake is not where it is: Docusaurus prints
 * an error's stack, so the stack is the message alone. `npm run build`
 * (scripts/build.mjs, which knows one by its name, and the bundler plugin in
 * one-message-per-mistake.ts) prints that stack and nothing else.
 */
export class AuthoringError extends Error {
  readonly problems: readonly string[];

  constructor(summary: string, problems: readonly string[]) {
    const message =
      problems.length === 1
        ? `${summary}: ${problems[0]}`
        : `${summary}:\n${problems.map((problem) => `- ${problem}`).join('\n')}`;
    super(message);
    this.name = 'AuthoringError';
    this.problems = problems;
    this.stack = `${this.name}: ${message}`;
    raised.set(message, this);
  }
}

/**
 * Every authoring error raised in this process, by message, so that the
 * bundler can find one again inside the error a loader wrapped it in
 * (`errorsOnce` in the openapi-reference plugin).
 */
const raised = new Map<string, AuthoringError>();

/** The authoring error whose message a wrapping error's text quotes. */
export const quotedAuthoringError = (text: string) =>
  [...raised.values()].find((error) => text.includes(error.message));

/** Where a value was written: a file (its absolute path) and a 1-based line. */
export interface SourceLocation {
  file: string;
  line: number;
}

export const formatLocation = ({file, line}: SourceLocation) =>
  `${file}:${line}`;
