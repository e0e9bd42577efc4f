import ApiCode from './ApiCode';
import {
  ApiChildAttributes,
  ApiFieldLink,
  ApiProblemExamples,
} from './ApiFieldParts';
import ApiSamples from './ApiSamples';

/** The components the remark plugin's output uses, for the MDX component map. */
export const apiReferenceComponents = {
  ApiChildAttributes,
  ApiCode,
  ApiFieldLink,
  ApiProblemExamples,
  ApiSamples,
};
