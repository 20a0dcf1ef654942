export { DteSection } from './DteSection';
