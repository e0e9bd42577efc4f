// The request validator every request check builds on: openapi-backend on a release's document, with the site's Ajv.
import Ajv2020, {type Options} from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {
  OpenAPIBackend,
  type Document as OpenAPIBackendDocument,
} from 'openapi-backend';
import type {LoadedSpec} from './openapi-types';

/**
 * openapi-backend on a release's document, with the Ajv every request
 * check uses: JSON Schema 2020-12 with its formats, reporting every error.
 * `ajvOptions` adds to Ajv's options (Try it's standalone code), and
 * `made` sees each Ajv instance, one per validator it compiles, in order.
 */
export async function requestBackend(
  spec: LoadedSpec,
  ajvOptions: Options = {},
  made?: (ajv: Ajv2020) => void,
): Promise<OpenAPIBackend> {
  const api = new OpenAPIBackend({
    // openapi-backend dereferences the document it is given in place.
    definition: structuredClone(
      spec.document,
    ) as unknown as OpenAPIBackendDocument,
    // The document is checked when the model loads (Redocly lints it);
    // openapi-backend's own check knows OpenAPI 3.0 only.
    quick: true,
    customizeAjv: (_ajv, options) => {
      const ajv = addFormats(
        new Ajv2020({
          ...options,
          strict: false,
          allErrors: true,
          ...ajvOptions,
        }),
      );
      made?.(ajv);
      return ajv;
    },
  });
  await api.init();
  return api;
}
