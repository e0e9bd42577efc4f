// What the API reference does in the browser: the request-sample language
// picker, the code copy buttons and the field copy-link controls, by event
// delegation, so no component of the reference holds state or hydrates
// work. The reference's components import it, so it loads with the pages
// that show them (once; its listeners then serve every page), not with
// every page of the site.
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {languageAttribute, languageStorageKey} from './language';

const pickerSelector = '.api-samples__select';
const copyLinkSelector = '.api-field__anchor, .api-operation h2 > .hash-link';
/** How long a copy control says "Copied". */
const copiedMessageMs = 2000;

/**
 * Shows the reader's language in a picker: the one on `<html>`, which the
 * head script sets from storage before the first paint and a choice sets
 * after it (CSS shows that language's samples). A picker without it keeps
 * its own.
 */
export function showChosenLanguage(select: HTMLSelectElement | null): void {
  const language = document.documentElement.getAttribute(languageAttribute);
  if (
    select &&
    Array.from(select.options).some((option) => option.value === language)
  ) {
    select.value = language!;
  }
}

function flagCopied(control: HTMLElement) {
  control.setAttribute('data-copied', 'true');
  window.setTimeout(
    () => control.removeAttribute('data-copied'),
    copiedMessageMs,
  );
}

function onChange(event: Event) {
  const select = event.target;
  if (select instanceof HTMLSelectElement && select.matches(pickerSelector)) {
    try {
      localStorage.setItem(languageStorageKey, select.value);
    } catch {
      // Storage off: the choice holds until the page is loaded again.
    }
    document.documentElement.setAttribute(languageAttribute, select.value);
    document
      .querySelectorAll<HTMLSelectElement>(pickerSelector)
      .forEach(showChosenLanguage);
  }
}

function onClick(event: MouseEvent) {
  const target = event.target instanceof Element ? event.target : null;
  const copyButton = target?.closest<HTMLButtonElement>('.api-code__copy');
  if (copyButton) {
    const code = copyButton.parentElement?.querySelector('code')?.textContent;
    if (code) {
      void navigator.clipboard.writeText(code).then(() => {
        flagCopied(copyButton);
      });
    }
    return;
  }
  const link = target?.closest<HTMLAnchorElement>(copyLinkSelector);
  if (link) {
    // The link still navigates (the field is highlighted); the address is copied too.
    void navigator.clipboard.writeText(link.href).then(() => flagCopied(link));
  }
}

/** Prints every child attribute, not only the open ones. */
function openChildAttributes() {
  document
    .querySelectorAll<HTMLDetailsElement>('details.api-field__children')
    .forEach((details) => {
      details.open = true;
    });
}

if (ExecutionEnvironment.canUseDOM) {
  document.addEventListener('change', onChange);
  document.addEventListener('click', onClick);
  window.addEventListener('beforeprint', openChildAttributes);
}
