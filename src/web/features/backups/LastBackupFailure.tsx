import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useAgencyPreferences } from '../company';
import { backupsQuery } from './api';
import { failureText } from './format';

/**
 * On an admin's dashboard: the newest backup that failed, while no verified one is newer, in red and
 * linking to Respaldos. Nothing otherwise, nor when the list cannot be read (Respaldos says why).
 */
export function LastBackupFailure() {
  const { timeZone } = useAgencyPreferences();
  const failure = useQuery(backupsQuery()).data?.lastFailure;
  if (!failure) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
      <Link to="/backups" className="font-medium underline">
        {failureText(failure, timeZone)}
      </Link>
    </p>
  );
}
