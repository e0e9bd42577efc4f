// cspell:words easyops
// The search theme's constants for this build (its index file's name),
// which the search worker reads as the theme's own worker did.
declare module '@generated/@easyops-cn/docusaurus-search-local/default/generated-constants.js' {
  export const searchIndexUrl: string;
}
