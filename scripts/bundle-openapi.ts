// Writes the merged OpenAPI document (root, webhooks and resource files) to
// one file, without a site build, so Redocly can lint the source directly:
// `jiti scripts/bundle-openapi.ts <out.yaml>`.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {specFolder} from '../src/plugins/openapi-reference/index';
import {loadSpec, publishedSpec} from '../src/plugins/openapi-reference/spec';

const [out] = process.argv.slice(2);
if (!out) {
  throw new Error('Usage: jiti scripts/bundle-openapi.ts <out.yaml>');
}
const siteDir = path.join(__dirname, '..');
mkdirSync(path.dirname(path.resolve(out)), {recursive: true});
writeFileSync(
  out,
  publishedSpec(loadSpec(path.join(siteDir, specFolder)).document).yaml,
);
