import {useEffect, useRef, type RefObject} from 'react';

/**
 * The longest search query the site accepts. The local search matches each
 * term fuzzily, and a 10,000-character query kept its worker busy for
 * minutes, so every later search hung. 200 characters is far more than any
 * real query.
 */
export const maxQueryLength = 200;

/** Caps every text box inside the returned ref's element at the limit. */
export function useCappedInputs(): RefObject<HTMLDivElement | null> {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    container.current?.querySelectorAll('input').forEach((input) => {
      input.maxLength = maxQueryLength;
    });
  });
  return container;
}
