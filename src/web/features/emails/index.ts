export { Communications } from './Communications';
export { SendDocumentButton } from './SendDocumentButton';
export type { DocumentTarget } from './send-form';
