// Pages are fetched ahead when a reader shows they are about to open one, not
// because a link to it is in view. Docusaurus' Link prefetches a page's parts
// as soon as the link scrolls into view: on a doc page the sidebar's links
// each ask for their page's chunks, shared ones again and again (some 200
// prefetches on a guide, most for files the page already has), while the
// page itself loads. Hovering or touching a link still loads its page at
// once (core's preload, which keeps core's rule that nothing is fetched
// ahead on 2g or with data saver).
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import type {ClientModule} from '@docusaurus/types';

let installed = false;

const clientModule: ClientModule = {
  // Runs after the first render, once `window.docusaurus` exists and before
  // any link's visibility is reported.
  onRouteDidUpdate() {
    if (!installed && ExecutionEnvironment.canUseDOM) {
      installed = true;
      // Core's object is frozen: Link reads it from \`window\` at each call.
      window.docusaurus = {...window.docusaurus, prefetch: () => false};
    }
  },
};

export default clientModule;
