import { ROLE_LABELS } from '../../../domain/roles';
import { Button } from '../../components/ui/Button';
import { type DemoAccount, useDemoCredentials } from './api';

interface DemoCredentialsProps {
  onUse: (account: DemoAccount) => void;
}

/** Shown only when the server is in demo mode (GET /api/auth/demo), never in production. */
export function DemoCredentials({ onUse }: DemoCredentialsProps) {
  const { data } = useDemoCredentials();
  const accounts = data?.enabled ? (data.accounts ?? []) : [];
  if (accounts.length === 0) return null;

  return (
    <section
      aria-labelledby="demo-credentials-title"
      className="rounded-lg border border-blue-200 bg-blue-50 p-4"
    >
      <h2 id="demo-credentials-title" className="text-sm font-semibold text-blue-900">
        Credenciales de demostración
      </h2>
      <ul className="mt-3 space-y-2">
        {accounts.map((account) => {
          const roleLabel = ROLE_LABELS[account.role] ?? account.role;
          return (
            <li
              key={account.email}
              className="flex items-center justify-between gap-3 rounded-md bg-white p-3 text-sm"
            >
              <dl className="min-w-0 text-gray-800">
                <dt className="font-medium text-gray-900">{roleLabel}</dt>
                <dd className="truncate">{account.email}</dd>
                <dd className="font-mono">{account.password}</dd>
              </dl>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Usar credenciales de ${roleLabel}`}
                onClick={() => onUse(account)}
              >
                Usar
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
