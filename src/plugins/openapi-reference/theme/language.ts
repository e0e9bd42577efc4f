/**
 * The request-sample languages and the reader's choice among them: kept in
 * localStorage, mirrored on `<html data-api-language>` (which CSS reads to
 * show that language's samples). Shared by the samples generator, the head
 * script, the reference's behaviour and the tests; no Node code, so the client
 * bundle can import it.
 */
import {siteStorageKey} from '../../../lib/storage';

export const sampleLanguages = [
  {language: 'curl', label: 'cURL'},
  {language: 'javascript', label: 'JavaScript'},
  {language: 'node', label: 'Node.js'},
  {language: 'python', label: 'Python'},
  {language: 'ruby', label: 'Ruby'},
  {language: 'php', label: 'PHP'},
  {language: 'go', label: 'Go'},
  {language: 'java', label: 'Java'},
] as const;

export type SampleLanguage = (typeof sampleLanguages)[number]['language'];

export const languageStorageKey = siteStorageKey('api-language');
export const languageAttribute = 'data-api-language';

/** Width from which an operation shows its samples beside its fields (as in styles.css). */
export const twoColumnMinWidth = 1200;
