// A retrieval's example is what the world answers its sample: the object the sample's path names, as it is at now.
import {firstExample, operationsOf} from '../../../model/operations';
import type {JsonValue, LoadedSpec} from '../../../model/openapi-types';
import {deref} from '../../../model/refs';
import {locationOf, where} from '../../../model/yaml';
import {sampleRequest} from '../samples';
import {worldKey, type World} from '../world';

type Fields = Record<string, JsonValue>;

const isObject = (value: JsonValue | undefined): value is Fields =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Every `GET` of one object (a path that ends in a parameter) whose shown
 * example (its `200`'s first, the one its page and Try it show for the
 * page's sample) is not the world's answer to the sample: another object
 * than the one the sample's path names, or the named object at another
 * moment than the world's now. Other named examples may show other
 * objects and moments; the first is what the sample gets.
 */
export function retrievalProblems(
  spec: LoadedSpec,
  world: World,
  fallbackFile: string,
): string[] {
  const now = Date.parse(world.now);
  return operationsOf(spec.document, Object.keys(spec.document.paths))
    .filter((entry) => entry.method === 'get' && /\/\{\w+\}$/.test(entry.path))
    .flatMap((entry) => {
      const response = entry.operation.responses['200'];
      const media =
        response &&
        deref(spec.document, response).content?.['application/json'];
      const shown = firstExample(spec.document, media);
      const value = shown?.example.value;
      if (!isObject(value)) {
        return [];
      }
      const key = worldKey(value);
      // The object the sample's path names: its last parameter's value, or
      // a stock record's variant and warehouse.
      const url = new URL(sampleRequest(spec.document, entry).url);
      const segments = url.pathname.split('/').map(decodeURIComponent);
      const template = entry.path.split('/');
      const values = template
        .map((step, index) =>
          /^\{\w+\}$/.test(step)
            ? segments.at(index - template.length)
            : undefined,
        )
        .filter((found): found is string => found !== undefined);
      const named = key?.includes(':')
        ? values.slice(-2).join(':')
        : values.at(-1)!;
      const at = where(
        locationOf(shown!.example)
          ? shown!.example
          : (media ?? entry.operation),
        fallbackFile,
      );
      const request = `GET ${entry.path} (${String(spec.document.info.version)})`;
      if (key === undefined || !/^[a-z]+_\w+(:[a-z]+_\w+)?$/.test(named)) {
        return [];
      }
      if (key !== named) {
        return [
          `${at}: the example of ${request} shows ${key}, but its sample asks for ${named}. Show ${named} as it is at now first, or give the path parameter the example's ID.`,
        ];
      }
      const atNow = world.objects[key]?.now?.updated_at;
      const updated =
        typeof value.updated_at === 'string'
          ? Date.parse(value.updated_at)
          : Number.NaN;
      if (
        atNow !== undefined &&
        value.updated_at !== undefined &&
        value.updated_at !== atNow
      ) {
        return [
          `${at}: the example of ${request} shows ${key} as it is at ${String(value.updated_at)}${updated > now ? `, after the world's now (${world.now})` : ''}; a retrieval answers the object as it is now (updated_at ${String(atNow)}). Show it at now first, and keep another moment as another named example.`,
        ];
      }
      return [];
    });
}
