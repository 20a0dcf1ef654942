import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'react-router';
import type { SetupStep } from '../../../domain/company-setup';
import { FOCUS_RING } from '../../components/ui/Button';
import { cn } from '../../lib/cn';
import { companySetupQuery } from './api/setup';

/** Each step of the admin's checklist (decision 0093): what it asks, and the screen where it is done. */
const STEPS: Record<SetupStep, { label: string; to: string }> = {
  demo: { label: 'Eliminar los datos de demostración', to: '/company-settings?section=company' },
  company: {
    label: 'Completar los datos de la empresa (nombre y RUT)',
    to: '/company-settings?section=company',
  },
  rates: { label: 'Revisar las tasas de cambio (por ejemplo, CLP)', to: '/company-settings?section=rates' },
  users: { label: 'Crear los usuarios de su equipo', to: '/company-settings?section=users' },
  tax: { label: 'Cargar los datos tributarios para facturar', to: '/company-settings?section=dte' },
  clients: { label: 'Registrar sus primeros clientes', to: '/clients' },
};

/**
 * On an admin's dashboard: first, in red, a sign-in whose e-mail or password the demo printed on /login;
 * then "Primeros pasos" until every step is done. Nothing while it loads or when it cannot be read.
 */
export function SetupChecklist() {
  const setup = useQuery(companySetupQuery()).data;
  if (!setup) return null;
  const left = setup.steps.filter((s) => !s.done).length;
  return (
    <>
      {setup.publicCredentials && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          Esta cuenta es la de demostración y su contraseña está a la vista de todos en el inicio de sesión.{' '}
          <Link to="/account" className={cn('font-medium underline', FOCUS_RING)}>
            Cambie su correo y contraseña en Mi cuenta.
          </Link>
        </p>
      )}
      {left > 0 && (
        <section
          aria-labelledby="setup-title"
          className="rounded-lg border border-blue-200 bg-white px-4 py-4 shadow-sm"
        >
          <h2 id="setup-title" className="text-lg font-semibold text-gray-900">
            Primeros pasos
          </h2>
          <p className="text-sm text-gray-700">
            {left === 1 ? 'Falta 1 paso' : `Faltan ${left} pasos`} para dejar lista su agencia.
          </p>
          <ol className="mt-3 space-y-2">
            {setup.steps.map(({ step, done }) => (
              <li key={step} className="flex items-center gap-2 text-sm">
                {done ? (
                  <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-green-600" />
                ) : (
                  <Circle aria-hidden="true" className="size-5 shrink-0 text-gray-400" />
                )}
                {done ? (
                  <span className="text-gray-500 line-through">
                    {STEPS[step].label}
                    <span className="sr-only"> (hecho)</span>
                  </span>
                ) : (
                  <Link to={STEPS[step].to} className={cn('text-blue-700 underline', FOCUS_RING)}>
                    {STEPS[step].label}
                  </Link>
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}
