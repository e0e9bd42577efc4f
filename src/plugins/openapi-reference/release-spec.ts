import path from 'node:path';
import {openapiOverlay} from 'openapi-format';
import * as z from 'zod';
import {readDataFile} from '../../model/dataFile';
import {AuthoringError} from '../../model/authoringError';
import {latestRelease, type ApiRelease} from './releases';
import {
  finishSpec,
  loadSpec,
  mergeSpec,
  overlaysFolder,
  rootFileName,
} from './spec';
import {where} from '../../model/yaml';
import {type LoadedSpec, type OpenApiDocument} from '../../model/openapi-types';

/**
 * One document per API release. The latest is the source in `openapi/`; an
 * older release is the merged source with its OpenAPI Overlay 1.0
 * (`openapi/overlays/<release>.yaml`) applied by openapi-format, before the
 * loader declares the shared headers, so a release can rename them.
 */

const overlayActionSchema = z
  .strictObject({
    /** A JSONPath into the merged source. */
    target: z.string().startsWith('$'),
    description: z.string().optional(),
    update: z.unknown().optional(),
    remove: z.literal(true).optional(),
  })
  .refine(
    (action) => (action.update === undefined) !== (action.remove === undefined),
    'an action either updates (update) or removes (remove: true) its target',
  );

/** An OpenAPI Overlay 1.0 document, as the older releases are written. */
const overlaySchema = z.strictObject({
  overlay: z.literal('1.0.0'),
  info: z.strictObject({title: z.string(), version: z.string()}),
  actions: z.array(overlayActionSchema).min(1),
});

export type OverlayAction = z.infer<typeof overlayActionSchema>;
export type Overlay = z.infer<typeof overlaySchema>;

export const overlayPath = (specDir: string, release: ApiRelease) =>
  path.join(specDir, overlaysFolder, `${release}.yaml`);

export function readOverlay(specDir: string, release: ApiRelease): Overlay {
  const siteDir = path.dirname(specDir);
  return readDataFile(
    siteDir,
    path.relative(siteDir, overlayPath(specDir, release)),
    overlaySchema,
    `the overlay of release ${release}`,
  );
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
