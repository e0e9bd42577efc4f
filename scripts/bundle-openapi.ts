// Writes each API release's merged OpenAPI document (root, webhooks and
// resource files, plus the release's overlay) to one file per release,
// without a site build, so Redocly can lint every release's document:
// `jiti scripts/bundle-openapi.ts <out folder>` writes <release>.yaml there.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {specFolder} from '../src/plugins/openapi-reference/index';
import {loadRelease} from '../src/plugins/openapi-reference/release-spec';
import {apiReleases} from '../src/plugins/openapi-reference/releases';
import {publishedSpec} from '../src/plugins/openapi-reference/spec';

const [out] = process.argv.slice(2);
if (!out) {
  throw new Error('Usage: jiti scripts/bundle-openapi.ts <out folder>');
}
const siteDir = path.join(__dirname, '..');
mkdirSync(path.resolve(out), {recursive: true});

async function bundle() {
  for (const release of apiReleases) {
    const spec = await loadRelease(path.join(siteDir, specFolder), release);
    writeFileSync(
      path.join(out!, `${release}.yaml`),
      publishedSpec(spec.document).yaml,
    );
  }
}

bundle().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
