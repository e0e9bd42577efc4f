// Sends a Try it request to the reader's sandbox with their key, and reads the answer, or says plainly why none came.
import type {TryRequest, TryResponse} from '../../../../lib/try-it/types';
import {prettyBody, requestUrl} from './request';

/** The sandbox's answer, or a sentence saying why there is none. */
export type SandboxResult =
  {response: TryResponse; statusText: string} | {error: string};

export async function sendToSandbox(
  base: string,
  request: TryRequest,
): Promise<SandboxResult> {
  const url = requestUrl(base, request);
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined || request.body.trim() === ''
        ? {}
        : {body: request.body}),
      // The key goes in the Authorization header only: no cookie, no cache.
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch (error) {
    return {
      error: `The request did not reach ${new URL(base).host}: the browser reports "${(error as Error).message}". You may be offline, the sandbox may be unreachable, or the browser refused to send it (this site's build allows no such connection, or the sandbox did not allow this page's origin). Copy it as cURL to send it from a terminal.`,
    };
  }
  // The headers the browser lets the page read (the sandbox exposes them).
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => headers.push([name, value]));
  return {
    response: {
      status: response.status,
      headers,
      body: prettyBody(await response.text()),
    },
    statusText: response.statusText,
  };
}
