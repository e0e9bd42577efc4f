// Writes each API release's document, as the site publishes it, to one file
// per release, without a site build, so Redocly can lint every release's
// document: `jiti scripts/bundle-openapi.ts <out folder>` writes
// <release>.yaml there. The documents come from the API model, so a mistake
// the site build would stop on stops this too, with the same message.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {loadApiModel} from '../src/plugins/openapi-reference/model';
import {publishedSpec} from '../src/plugins/openapi-reference/spec';

const [out] = process.argv.slice(2);
if (!out) {
  console.error('Usage: jiti scripts/bundle-openapi.ts <out folder>');
  process.exit(2);
}

async function bundle(folder: string) {
  const model = await loadApiModel(path.join(__dirname, '..'));
  mkdirSync(path.resolve(folder), {recursive: true});
  for (const [release, spec] of model.releases) {
    writeFileSync(
      path.join(folder, `${release}.yaml`),
      publishedSpec(spec.document).yaml,
    );
  }
}

bundle(out).catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
