import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/Button';
import type { RateChange } from './rate-form-model';

interface RateChangeQuestionProps {
  change: RateChange;
  /** Back to the form, with what was typed. */
  onBack: () => void;
  onConfirm: () => void;
}

/**
 * The rate dialog's second step when the new rate is more than 20 % away from the current one: both
 * rates side by side, "Confirmar" saves, "Volver" goes back to what was typed (decision 0086). The
 * question takes focus, so a screen reader reads it and Enter does not save by accident.
 */
export function RateChangeQuestion({ change, onBack, onConfirm }: RateChangeQuestionProps) {
  const heading = useRef<HTMLParagraphElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="rate-change-question" className="space-y-4">
      <p
        id="rate-change-question"
        ref={heading}
        tabIndex={-1}
        className="rounded-md bg-yellow-50 px-3 py-2 text-sm text-yellow-900 focus:outline-none"
      >
        La tasa nueva cambia {change.percent} respecto de la actual. ¿Es correcta?
      </p>
      <dl className="space-y-3 text-sm">
        <div>
          <dt className="font-medium text-gray-800">Tasa actual</dt>
          <dd className="text-gray-800">{change.before}</dd>
        </div>
        <div>
          <dt className="font-medium text-gray-800">Tasa nueva</dt>
          <dd className="font-semibold text-gray-900">{change.after}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap justify-end gap-3 pt-2">
        <Button variant="secondary" onClick={onBack}>
          Volver
        </Button>
        <Button onClick={onConfirm}>Confirmar</Button>
      </div>
    </section>
  );
}
