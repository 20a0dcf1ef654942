import { cn } from '../../lib/cn';

interface SpinnerProps {
  label?: string;
  className?: string;
}

/** Announced politely by screen readers through role="status". */
export function Spinner({ label = 'Cargando...', className }: SpinnerProps) {
  return (
    <div role="status" className={cn('flex items-center justify-center gap-3 text-gray-700', className)}>
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-2 border-gray-300 border-t-blue-600"
      />
      <span>{label}</span>
    </div>
  );
}
