import { ChevronLeft, ChevronRight } from 'lucide-react';
import { nextMonth, previousMonth } from '../../../domain/commissions';
import { Button } from './Button';
import { Field } from './Field';

/** A month (yyyy-mm) with the months before and after one click away: the month screens' filter. */
export function MonthPicker({ month, onChange }: { month: string; onChange: (month: string) => void }) {
  return (
    <div className="flex items-end gap-2">
      <Button variant="secondary" aria-label="Mes anterior" onClick={() => onChange(previousMonth(month))}>
        <ChevronLeft aria-hidden="true" className="size-4" />
      </Button>
      <Field
        label="Mes"
        type="month"
        value={month}
        required
        className="w-44"
        // A cleared or half-typed month keeps the one shown.
        onChange={(event) => event.target.value && onChange(event.target.value)}
      />
      <Button variant="secondary" aria-label="Mes siguiente" onClick={() => onChange(nextMonth(month))}>
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </div>
  );
}
