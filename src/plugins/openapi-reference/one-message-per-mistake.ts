/**
 * A bundler plugin that reports each mistake once, as the author wrote it
 * down. A mistake in the API's sources (a dangling `$ref`, a YAML error)
 * stops the model from loading, so every page drawn from it fails; the MDX
 * loader wraps the error of each page in its own ("MDX compilation failed
 * for file …", with the loader's stack). The development server's overlay
 * and the build would list one such block per page; this leaves the
 * authoring error itself, once.
 */
import {quotedAuthoringError} from '../../model/authoringError';

interface Diagnostic {
  message: string;
}

/** What the plugin needs of a Webpack or Rspack compiler. */
interface Compiler {
  hooks: {
    afterCompile: {
      tap(
        name: string,
        run: (compilation: {errors: Diagnostic[]}) => void,
      ): void;
    };
  };
}

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
  }
}
