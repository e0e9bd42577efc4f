import {
  languageAttribute,
  languageStorageKey,
  sampleLanguages,
} from './theme/language';

/**
 * What the reference adds to every page's head, generated from the data it
 * depends on: the rule that shows the chosen sample language, a script that
 * applies the stored choice before the first paint, and the styles for
 * reading without JavaScript. Its code colours are every code block's (the
 * static-code plugin's).
 */

/** Each sample language shown when chosen (cURL by default). */
export function referenceStyles(): string {
  const [first] = sampleLanguages;
  const shown = sampleLanguages.map(
    ({language}) =>
      `:root[${languageAttribute}='${language}'] .api-samples .api-code[data-language='${language}']`,
  );
  return [
    '.api-samples .api-code{display:none}',
    `${[`:root:not([${languageAttribute}]) .api-samples .api-code[data-language='${first.language}']`, ...shown].join(',')}{display:block}`,
  ].join('\n');
}

/** Applies the stored language before the first paint (no flash of cURL). */
export function languageScript(): string {
  const known = JSON.stringify(sampleLanguages.map(({language}) => language));
  return `try{var l=localStorage.getItem(${JSON.stringify(languageStorageKey)});if(${known}.indexOf(l)>=0)document.documentElement.setAttribute(${JSON.stringify(languageAttribute)},l)}catch(e){}`;
}

/** Without JavaScript: every language with its name, child attributes open, no copy controls (Try it renders only in the browser). */
export const noScriptStyles = [
  '.api-samples .api-code{display:block!important}',
  '.api-code__label{display:block!important}',
  '.api-samples__picker,.api-code__copy{display:none!important}',
  '.api-field__children::details-content{content-visibility:visible}',
].join('');
