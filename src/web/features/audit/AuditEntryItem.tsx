import type { AuditEntryDto } from '../../../domain/audit';
import { describeEntry } from './describe';

const timeFormatter = new Intl.DateTimeFormat('es-ES', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** One entry: when (UTC, as every date of the app), from where, and its sentences. */
export function AuditEntryItem({ entry, showIp = false }: { entry: AuditEntryDto; showIp?: boolean }) {
  return (
    <li className="px-4 py-3">
      <p className="text-sm text-gray-700">
        <time dateTime={entry.at}>{timeFormatter.format(new Date(entry.at))} UTC</time>
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
