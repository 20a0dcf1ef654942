import { Link } from 'react-router';
import { formatDateTime } from '../../../domain/agency-day';
import { type AuditEntryDto, auditSubjectLabel } from '../../../domain/audit';
import { FOCUS_RING } from '../../components/ui/Button';
import { cn } from '../../lib/cn';
import { useNumberFormat } from '../../lib/use-money';
import { describeEntry } from './describe';
import { subjectPath } from './subject-path';

const LINK = cn('rounded-sm font-medium text-blue-700 hover:underline', FOCUS_RING);

/** Which record the entry is about, linked while it exists; "(eliminado)" once it does not. */
function EntrySubject({ entry }: { entry: AuditEntryDto }) {
  const label = auditSubjectLabel(entry);
  if (!label) return null;
  const path = subjectPath(entry);
  return (
    <p className="text-sm">
      {path ? (
        <Link to={path} className={LINK}>
          {label}
        </Link>
      ) : (
        <span className="font-medium text-gray-900">
          {label}
          {entry.subject.exists ? '' : ' (eliminado)'}
        </span>
      )}
    </p>
  );
}

interface AuditEntryItemProps {
  entry: AuditEntryDto;
  showIp?: boolean;
  /** Leave the record out where the page is that record already (a sale's own history). */
  showSubject?: boolean;
  /** The agency's zone, given by the feature that mounts the trail. */
  timeZone: string;
}

/** One entry: when (the agency's local time, with its zone), from where, which record, and its sentences. */
export function AuditEntryItem({ entry, showIp = false, showSubject = true, timeZone }: AuditEntryItemProps) {
  const style = useNumberFormat();
  return (
    <li className="px-4 py-3">
      <p className="text-sm text-gray-700">
        <time dateTime={entry.at}>{formatDateTime(entry.at, timeZone)}</time>
        {showIp && entry.ip ? ` · ${entry.ip}` : ''}
      </p>
      {showSubject && <EntrySubject entry={entry} />}
      <ul className="mt-1 space-y-0.5">
        {describeEntry(entry, style).map((sentence) => (
          <li key={sentence} className="text-gray-900 break-words">
            {sentence}
          </li>
        ))}
      </ul>
    </li>
  );
}
