import ApiAnchors from './ApiAnchors';
import ApiCode from './ApiCode';
import ApiSamples from './ApiSamples';

/** The components the remark plugin's output uses, for the MDX component map. */
export const apiReferenceComponents = {ApiAnchors, ApiCode, ApiSamples};
