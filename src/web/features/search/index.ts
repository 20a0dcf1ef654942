// The public face of the global search: the layout places the button and the dialog.
export { GlobalSearch, SearchButton } from './GlobalSearch';
