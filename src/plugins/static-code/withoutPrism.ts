// Stands in for the classic theme's `prism-include-languages` client module
// (see ./index.ts): the site's code is highlighted when it builds, so there
// are no languages to load into Prism in the browser.
export {};
