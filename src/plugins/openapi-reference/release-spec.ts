import path from 'node:path';
import {openapiOverlay} from 'openapi-format';
import {AuthoringError} from '../../model/authoringError';
import {latestRelease, type ApiRelease} from './releases';
import {
  finishSpec,
  loadSpec,
  mergeSpec,
  overlaysFolder,
  rootFileName,
} from './spec';
import {readYaml, where} from '../../model/yaml';
import {type LoadedSpec, type OpenApiDocument} from '../../model/openapi-types';

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
  return readYaml<Overlay>(overlayPath(specDir, release));
}

/**
 * Applies an overlay to a merged document. Every action must match
 * something: an action whose target has gone (the source was renamed or
 * reshaped) fails, rather than leaving the older release silently wrong.
 */
export async function applyOverlay(
  merged: LoadedSpec,
  overlay: Overlay,
  overlayFile: string,
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
    // openapi-format hands back copies: find each action by its target.
    const original = (target: string) =>
      overlay.actions.find((action) => action.target === target);
    throw new AuthoringError(
      `The overlay "${overlay.info.title}" has actions that match nothing`,
      unused.map(
        ({target}) =>
          `${where(original(target), overlayFile)}: the target ${target} matches nothing in the source. Correct the path, or remove the action if the source no longer has what it changed.`,
      ),
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
          await applyOverlay(
            mergeSpec(specDir),
            readOverlay(specDir, release),
            overlayPath(specDir, release),
          ),
          overlayPath(specDir, release),
          release,
        );
  if (spec.document.info.version !== release) {
    throw new AuthoringError('A release document names another release', [
      `${where(spec.document.info, release === latestRelease ? path.join(specDir, rootFileName) : overlayPath(specDir, release))}: info.version is ${String(spec.document.info.version)}, but this is the ${release} document. Set info.version to ${release}.`,
    ]);
  }
  return spec;
}
