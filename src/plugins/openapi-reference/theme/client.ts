// The API reference's only client code: the request-sample language picker,
// the code copy buttons and the field copy-link controls, all by event
// delegation, so no component of the reference holds state or hydrates work.
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {
  languageAttribute,
  languageStorageKey,
  sampleLanguages,
} from './language';
import './styles.css';

const pickerSelector = '.api-samples__select';
const copyLinkSelector = '.api-field__anchor, .api-operation h2 > .hash-link';
/** How long a copy control says "Copied". */
const copiedMessageMs = 2000;

/** The stored choice, if it is still one of the languages. */
function storedLanguage(): string | undefined {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(languageStorageKey);
  } catch {
    return undefined;
  }
  return sampleLanguages.find(({language}) => language === stored)?.language;
}

/** Shows `language` in every operation (CSS reads the attribute) and in every picker. */
function showLanguage(language: string) {
  document.documentElement.setAttribute(languageAttribute, language);
  document
    .querySelectorAll<HTMLSelectElement>(pickerSelector)
    .forEach((select) => {
      if (
        Array.from(select.options).some((option) => option.value === language)
      ) {
        select.value = language;
      }
    });
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
      // Storage off: the choice holds for this page only.
    }
    showLanguage(select.value);
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

export function onRouteDidUpdate(): void {
  const language = storedLanguage();
  if (language) {
    showLanguage(language);
  }
}
