// @ts-check
// Precompression as nginx serves it (brotli_static, gzip_static): a `.br`
// and a `.gz` beside each compressible file. Used by the post-build step and
// by the benchmark for the stock template's build, so both are served alike.
import {readFile, writeFile} from 'node:fs/promises';
import {promisify} from 'node:util';
import {brotliCompress, constants, gzip} from 'node:zlib';

const compressible =
  /\.(html|js|css|json|svg|xml|txt|md|yaml|map|webmanifest)$/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible file.
 * @param {string[]} files
 * @returns {Promise<void>}
 */
export async function precompress(files) {
  await Promise.all(
    files
      .filter((file) => compressible.test(file))
      .map(async (file) => {
        const content = await readFile(file);
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gzipAsync(content, {level: 9}),
        ]);
        await Promise.all([
          writeFile(`${file}.br`, br),
          writeFile(`${file}.gz`, gz),
        ]);
      }),
  );
}
