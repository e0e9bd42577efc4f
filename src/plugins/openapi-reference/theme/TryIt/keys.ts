// The API keys the Try it forms send, held for the tab in this module's memory only: shared by every form, gone on reload, never stored.
import {useSyncExternalStore} from 'react';
import {sampleApiKey} from '../../../../lib/try-it/sample-key';

/** Where a form sends its request. */
export type Destination = 'world' | 'sandbox';

/**
 * The key of each destination: the sample world's starts as the key every
 * sample sends; the sandbox's is whatever the reader pastes. Nothing here
 * reaches localStorage, sessionStorage, a cookie or the URL.
 */
const keys: Record<Destination, string> = {world: sampleApiKey, sandbox: ''};
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function setKey(destination: Destination, key: string): void {
  keys[destination] = key;
  listeners.forEach((listener) => listener());
}

/** The destination's key, the same in every form of the tab. */
export function useKey(destination: Destination): string {
  return useSyncExternalStore(
    subscribe,
    () => keys[destination],
    () => keys[destination],
  );
}

export {sampleApiKey};
