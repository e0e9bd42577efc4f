// The manifest of the operations' Try it modules, which the build writes into Docusaurus' generated files (openapi-reference/try-it.ts).
declare module '@generated/openapi-reference/try/index.json' {
  import type {TryItManifest} from '../../../../lib/try-it/modules';

  const manifest: TryItManifest;
  export default manifest;
}
