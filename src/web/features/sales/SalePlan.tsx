import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { formatDate } from '../../../domain/format';
import { INSTALMENT_STATUS_LABELS, type InstalmentReply } from '../../../domain/payment-plans';
import { parseTypedDecimal } from '../../../domain/typed-decimal';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Field, MoneyField } from '../../components/ui/Field';
import { FormActions } from '../../components/ui/FormActions';
import { Modal } from '../../components/ui/Modal';
import { toastThen } from '../../lib/form';
import { useMoney } from '../../lib/use-money';
import { type SaleDetail, useSavePlan } from './api';

/*
 * The sale's payment plan (docs/decisions/0104-payment-plans.md): its instalments as the server fills
 * them with the confirmed payments, and a dialog that replaces them. The server checks the sum and
 * sorts by due date; the dialog keeps every row typed while a save fails.
 */

const STATUS_CLASSES: Record<InstalmentReply['status'], string> = {
  paid: 'text-green-700',
  due: 'text-gray-700',
  overdue: 'text-red-700 font-semibold',
};

type PlanSale = Pick<SaleDetail, 'id' | 'status' | 'currency' | 'salePrice' | 'plan' | 'planMismatch'>;

export function SalePlan({ sale, canEdit }: { sale: PlanSale; canEdit: boolean }) {
  const [open, setOpen] = useState(false);
  const formatMoney = useMoney();
  const editable = canEdit && sale.status !== 'cancelled' && sale.status !== 'completed';
  return (
    <Card>
      <div className="flex items-center justify-between gap-4">
        <h2 className="text-lg font-semibold text-gray-900">Plan de pagos</h2>
        {editable && (
          <Button variant="secondary" onClick={() => setOpen(true)}>
            {sale.plan.length ? 'Editar plan' : 'Crear plan'}
          </Button>
        )}
      </div>
      {sale.planMismatch && (
        <p role="alert" className="mt-3 rounded-md bg-yellow-50 px-3 py-2 text-sm text-yellow-900">
          Las cuotas ya no suman el total de la venta ({formatMoney(sale.salePrice, sale.currency)}): ajusta
          el plan.
        </p>
      )}
      {sale.plan.length === 0 ? (
        <p className="mt-3 text-sm text-gray-600">La venta no tiene plan de pagos.</p>
      ) : (
        <table className="mt-4 w-full text-sm">
          <thead className="text-left text-gray-600">
            <tr>
              <th className="py-1">Fecha</th>
              <th className="py-1 text-right">Monto</th>
              <th className="py-1 text-right">Pagado</th>
              <th className="py-1 text-right">Pendiente</th>
              <th className="py-1 text-right">Estado</th>
            </tr>
          </thead>
          <tbody>
            {sale.plan.map((i) => (
              <tr key={i.id} className="border-t border-gray-100">
                <td className="py-1">{formatDate(i.dueDate)}</td>
                <td className="py-1 text-right">{formatMoney(i.amount, sale.currency)}</td>
                <td className="py-1 text-right">{formatMoney(i.paidAmount, sale.currency)}</td>
                <td className="py-1 text-right">{formatMoney(i.pendingAmount, sale.currency)}</td>
                <td className={`py-1 text-right ${STATUS_CLASSES[i.status]}`}>
                  {INSTALMENT_STATUS_LABELS[i.status]}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Modal open={open} onOpenChange={setOpen} title="Plan de pagos">
        <PlanDialog sale={sale} onDone={() => setOpen(false)} />
      </Modal>
    </Card>
  );
}

type Row = { key: number; dueDate: string; amount: string };
let nextKey = 0;
const rowOf = (dueDate = '', amount = ''): Row => ({ key: ++nextKey, dueDate, amount });

/** The rows as typed; amounts read the Chilean way (1.250,75) by the same parser as every money field. */
export function PlanDialog({ sale, onDone }: { sale: PlanSale; onDone: () => void }) {
  const [rows, setRows] = useState<Row[]>(() =>
    sale.plan.length ? sale.plan.map((i) => rowOf(i.dueDate, String(i.amount))) : [rowOf()],
  );
  const [errors, setErrors] = useState<Record<number, string>>({});
  const save = useSavePlan(sale.id);
  const change = (key: number, patch: Partial<Row>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<number, string> = {};
    const instalments = rows.map((r) => {
      const parsed = parseTypedDecimal(r.amount, 'money');
      if (!r.dueDate) found[r.key] = 'La fecha de vencimiento es requerida';
      else if (!parsed.ok) found[r.key] = parsed.message;
      return { dueDate: r.dueDate, amount: parsed.ok ? parsed.value : r.amount };
    });
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const { message } = await save.mutateAsync(instalments);
      toastThen(message, onDone);
    } catch {
      // Shown by FormActions from the mutation's error; the rows stay as typed.
    }
  };

  return (
    <form noValidate className="space-y-3" onSubmit={submit}>
      {rows.map((r, index) => (
        <div key={r.key} className="flex items-end gap-2">
          <Field
            label={`Fecha cuota ${index + 1}`}
            type="date"
            value={r.dueDate}
            onChange={(e) => change(r.key, { dueDate: e.target.value })}
          />
          <MoneyField
            label={`Monto cuota ${index + 1}`}
            currency={sale.currency}
            value={r.amount}
            error={errors[r.key]}
            onChange={(e) => change(r.key, { amount: e.target.value })}
          />
          <Button
            variant="secondary"
            aria-label={`Quitar cuota ${index + 1}`}
            onClick={() => setRows((all) => all.filter((x) => x.key !== r.key))}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </div>
      ))}
      <Button variant="secondary" onClick={() => setRows((all) => [...all, rowOf()])}>
        <Plus aria-hidden="true" className="size-4" />
        Agregar cuota
      </Button>
      <FormActions onCancel={onDone} save={save} errorTitle="No se pudo guardar el plan" />
    </form>
  );
}
