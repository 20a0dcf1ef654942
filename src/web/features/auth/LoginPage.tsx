import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { Navigate, useLocation } from 'react-router';
import type { LoginInput } from '../../../domain/auth';
import { errorStatus } from '../../api/client';
import { useAuth } from '../../auth';
import { EXPIRED_SESSION_MESSAGE, readExpiredSession } from '../../auth/expired-session';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Field } from '../../components/ui/Field';
import { Spinner } from '../../components/ui/Spinner';
import { useBoundForm } from '../../lib/form';
import { DemoCredentials } from './DemoCredentials';

const LOGIN_FAILED = 'Invalid email or password';

// zod is about a quarter of this page's JavaScript, so the shared loginSchema is fetched on the first
// validation (a submit) instead of with the page, keeping /login under its 150 KB budget.
const loginResolver: Resolver<LoginInput> = async (values, context, options) => {
  const { loginSchema } = await import('../../../domain/auth');
  return zodResolver(loginSchema)(values, context, options);
};

export function LoginPage() {
  const { status, login } = useAuth();
  // After a 401: say why the user is here, and go back to where they were once signed in again.
  const expired = readExpiredSession(useLocation().state);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    handleSubmit,
    reset,
    formState: { isSubmitting },
    bind,
  } = useBoundForm<LoginInput>({ resolver: loginResolver, defaultValues: { email: '', password: '' } });

  if (status === 'loading') return <Spinner className="min-h-screen" />;
  if (status === 'authenticated') return <Navigate to={expired?.from ?? '/dashboard'} replace />;

  const onSubmit = async ({ email, password }: LoginInput) => {
    setServerError(null);
    try {
      // Success makes the session authenticated, and the check above then redirects to /dashboard.
      await login(email, password);
    } catch (error) {
      // The rate limiter's message tells the user when to retry; any other failure stays generic.
      setServerError(errorStatus(error) === 429 && error instanceof Error ? error.message : LOGIN_FAILED);
    }
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4 py-12">
      <div className="w-full max-w-md space-y-6">
        <Card className="p-8">
          <p className="text-sm font-medium text-blue-700">Agencia de Viajes — Back Office</p>
          <h1 className="mt-1 text-2xl font-bold text-gray-900">Inicio de sesión</h1>
          {expired && (
            <p role="status" className="mt-4 rounded-md bg-yellow-50 px-3 py-2 text-sm text-yellow-900">
              {EXPIRED_SESSION_MESSAGE}
            </p>
          )}
          <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-6 space-y-4">
            <Field label="Email" type="email" autoComplete="username" {...bind('email')} />
            <Field label="Password" type="password" autoComplete="current-password" {...bind('password')} />
            {serverError && (
              <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
                {serverError}
              </p>
            )}
            <Button type="submit" className="w-full" disabled={isSubmitting}>
              {isSubmitting ? 'Iniciando sesión...' : 'Iniciar sesión'}
            </Button>
          </form>
        </Card>
        <DemoCredentials
          onUse={({ email, password }) => {
            setServerError(null);
            reset({ email, password });
          }}
        />
      </div>
    </main>
  );
}
