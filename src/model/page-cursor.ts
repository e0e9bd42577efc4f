// The cursor after a listed object, computed the same way at build time and in the browser (no Node imports).
import type {JsonValue} from './openapi-types';

/** Text as base64url without padding, as Node's `Buffer.toString('base64url')` writes it. */
function base64url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) {
    binary += String.fromCharCode(byte);
  }
  return btoa(binary)
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/**
 * The cursor of the page after a listed object: the base64url of its ID
 * (or, for an object without an ID of its own, of the IDs it joins, as the
 * change feed names stock, and a delivery attempt's number after its
 * event's, so that two attempts of one event have cursors of their own) and
 * the day it was created. A list example's `next_cursor` is the cursor
 * after its last object (src/plugins/openapi-reference/rules/lists.ts), and
 * Try it's sample world pages with it (src/lib/try-it/world-server.ts).
 */
export function pageCursor(object: Record<string, JsonValue>): string {
  const id =
    object.id ??
    ([
      ...Object.entries(object)
        .filter(
          ([key, value]) => key.endsWith('_id') && typeof value === 'string',
        )
        .map(([, value]) => String(value)),
      ...(typeof object.attempt === 'number' ? [String(object.attempt)] : []),
    ].join(':') ||
      undefined);
  const created =
    object.created_at ??
    Object.entries(object).find(
      ([key, value]) => key.endsWith('_at') && typeof value === 'string',
    )?.[1];
  return base64url(`${String(id)}:${String(created).slice(0, 10)}`);
}
