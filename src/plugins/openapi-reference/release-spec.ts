import {readFileSync} from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import {openapiOverlay} from 'openapi-format';
import {latestRelease, type ApiRelease} from './releases';
import {
  finishSpec,
  loadSpec,
  mergeSpec,
  overlaysFolder,
  type LoadedSpec,
  type OpenApiDocument,
} from './spec';

/**
 * One document per API release. The latest is the source in `openapi/`; an
 * older release is the merged source with its OpenAPI Overlay 1.0
 * (`openapi/overlays/<release>.yaml`) applied by openapi-format, before the
 * loader declares the shared headers, so a release can rename them.
 */

export interface OverlayAction {
  target: string;
  description?: string;
  update?: unknown;
  remove?: boolean;
}

export interface Overlay {
  overlay: string;
  info: {title: string; version: string};
  actions: OverlayAction[];
}

export const overlayPath = (specDir: string, release: ApiRelease) =>
  path.join(specDir, overlaysFolder, `${release}.yaml`);

export function readOverlay(specDir: string, release: ApiRelease): Overlay {
  const file = overlayPath(specDir, release);
  return yaml.load(readFileSync(file, 'utf8'), {filename: file}) as Overlay;
}

/**
 * Applies an overlay to a merged document. Every action must match
 * something: an action whose target has gone (the source was renamed or
 * reshaped) fails, rather than leaving the older release silently wrong.
 */
export async function applyOverlay(
  merged: LoadedSpec,
  overlay: Overlay,
): Promise<LoadedSpec> {
  // openapi-format changes the document in place; the caller's stays as it was.
  const copy = structuredClone(merged.document);
  type Options = Parameters<typeof openapiOverlay>;
  const {data, resultData} = await openapiOverlay(
    copy as unknown as Options[0],
    {
      overlaySet: overlay as unknown as Options[1]['overlaySet'],
    },
  );
  const unused = (resultData.unusedActions ?? []) as OverlayAction[];
  if (unused.length > 0) {
    throw new Error(
      `Overlay "${overlay.info.title}": no match for ${unused
        .map((action) => action.target)
        .join(', ')}`,
    );
  }
  return {...merged, document: data as unknown as OpenApiDocument};
}

/** The document of one release, completed like the source's. */
export async function loadRelease(
  specDir: string,
  release: ApiRelease,
): Promise<LoadedSpec> {
  const spec =
    release === latestRelease
      ? loadSpec(specDir)
      : finishSpec(
          await applyOverlay(mergeSpec(specDir), readOverlay(specDir, release)),
        );
  if (spec.document.info.version !== release) {
    throw new Error(
      `The ${release} document says info.version ${String(spec.document.info.version)}.`,
    );
  }
  return spec;
}
