/**
 * A bundler plugin that reports each mistake once, as the author wrote it
 * down. A mistake in the API's sources (a dangling `$ref`, a YAML error)
 * stops the model from loading, so every page drawn from it fails; the MDX
 * loader wraps the error of each page in its own ("MDX compilation failed
 * for file …", with the loader's stack). The development server's overlay
 * and the build would list one such block per page; this leaves the
 * authoring error itself, once.
 *
 * A build (no watching) whose every error is an authoring error then stops
 * with those errors' own lines, before Docusaurus' `ForceTerminatePlugin`
 * would print them under "Client bundle compiled with errors …" and exit:
 * the same lines `npm run build` prints for a mistake found outside the
 * bundler (scripts/build.mjs).
 */
import {quotedAuthoringError} from '../../model/authoringError';

interface Diagnostic {
  message: string;
}

interface Compilation {
  errors: Diagnostic[];
}

/** What the plugin needs of a Webpack or Rspack compiler. */
interface Compiler {
  watchMode: boolean;
  hooks: {
    afterCompile: {
      tap(name: string, run: (compilation: Compilation) => void): void;
    };
    done: {
      tap(
        options: {name: string; stage: number},
        run: (stats: {compilation: Compilation}) => void,
      ): void;
    };
  };
}

/** Before the taps of the default stage, Docusaurus' among them. */
const beforeDocusaurus = -1;

export class OneMessagePerMistake {
  apply(compiler: Compiler): void {
    compiler.hooks.afterCompile.tap(
      OneMessagePerMistake.name,
      (compilation) => {
        const errors = [...compilation.errors];
        const reported = new Map<string, Diagnostic>();
        for (const error of errors) {
          const shown = quotedAuthoringError(error.message) ?? error;
          if (!reported.has(shown.message)) {
            reported.set(shown.message, shown);
          }
        }
        const unwrapped = [...reported.values()];
        if (unwrapped.some((error, index) => error !== errors[index])) {
          compilation.errors = unwrapped;
        }
      },
    );
    compiler.hooks.done.tap(
      {name: OneMessagePerMistake.name, stage: beforeDocusaurus},
      ({compilation}) => {
        if (compiler.watchMode || compilation.errors.length === 0) {
          return;
        }
        const mistakes = compilation.errors.map((error) =>
          quotedAuthoringError(error.message),
        );
        if (mistakes.every((mistake) => mistake !== undefined)) {
          // An authoring error's stack is its message (authoringError.ts).
          console.error(mistakes.map((mistake) => mistake.stack).join('\n'));
          process.exit(1);
        }
      },
    );
  }
}
