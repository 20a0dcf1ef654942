export { Communications } from './Communications';
