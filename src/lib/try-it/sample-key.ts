// The test key every request sample sends, in one place the build's samples and the browser's Try it form both read.

/** A sandbox key (`ih_test_`) that is no real key: safe to print on every page. */
export const sampleApiKey = 'ih_test_4eC39HqLyjWDarjtT1zdp7dc';
