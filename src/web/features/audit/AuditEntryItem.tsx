import { formatDateTime } from '../../../domain/agency-day';
import type { AuditEntryDto } from '../../../domain/audit';
import { useAgencyPreferences } from '../company';
import { describeEntry } from './describe';

/** One entry: when (the agency's local time, with its zone), from where, and its sentences. */
export function AuditEntryItem({ entry, showIp = false }: { entry: AuditEntryDto; showIp?: boolean }) {
  const { timeZone } = useAgencyPreferences();
  return (
    <li className="px-4 py-3">
      <p className="text-sm text-gray-700">
        <time dateTime={entry.at}>{formatDateTime(entry.at, timeZone)}</time>
        {showIp && entry.ip ? ` · ${entry.ip}` : ''}
      </p>
      <ul className="mt-1 space-y-0.5">
        {describeEntry(entry).map((sentence) => (
          <li key={sentence} className="text-gray-900 break-words">
            {sentence}
          </li>
        ))}
      </ul>
    </li>
  );
}
