import { FOCUS_RING } from '../../components/ui/Button';
import { cn } from '../../lib/cn';

/** The look shared by the detail page's two tables. */
export const SECTION = 'rounded-lg border border-gray-200 bg-white shadow-sm';
export const TH = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-gray-700 uppercase';
export const TD = 'px-3 py-2 align-top text-sm text-gray-900';
export const TABLE_LINK = cn('font-medium text-blue-700 hover:underline', FOCUS_RING);
