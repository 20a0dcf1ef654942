import { cn } from '../../lib/cn';

/** Shared look of the comboboxes (client, passenger, currency): Headless UI ships no styles. */
export const COMBOBOX_INPUT = cn(
  'block w-full rounded-md border border-gray-300 bg-white py-2 pr-9 pl-3 text-sm text-gray-900',
  'placeholder:text-gray-500 focus:border-blue-600 focus:outline-2 focus:outline-blue-600/40',
  'aria-[invalid=true]:border-red-600',
);

export const COMBOBOX_OPTIONS = cn(
  'absolute z-10 mt-1 max-h-60 w-full overflow-auto rounded-md border border-gray-200 bg-white py-1',
  'text-sm shadow-lg empty:invisible',
);

export const COMBOBOX_OPTION = 'cursor-pointer px-3 py-2 text-gray-900 select-none data-focus:bg-blue-100';
