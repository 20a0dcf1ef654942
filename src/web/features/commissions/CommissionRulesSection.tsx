import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray } from 'react-hook-form';
import { toast } from 'sonner';
import { COMMISSION_BASE_LABELS, COMMISSION_BASES, type CommissionRule } from '../../../domain/commissions';
import { ApiError } from '../../api/client';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { DecimalField } from '../../components/ui/Field';
import { FormActions } from '../../components/ui/FormActions';
import { SelectField, type SelectOption } from '../../components/ui/SelectField';
import { Spinner } from '../../components/ui/Spinner';
import { useBoundForm } from '../../lib/form';
import { commissionRulesQuery, useSaveCommissionRules } from './api';
import { useRuleClassificationOptions, useRuleSellerOptions } from './api/options';
import {
  emptyRule,
  type RulesBody,
  type RulesForm,
  ruleFieldOf,
  rulesFormSchema,
  rulesFormValues,
  withKept,
} from './rules-form';

const resolver = zodResolver(rulesFormSchema);
const BASE_OPTIONS = COMMISSION_BASES.map((base) => ({ value: base, label: COMMISSION_BASE_LABELS[base] }));

interface RulesEditorProps {
  rules: CommissionRule[];
  sellers: SelectOption[];
  classifications: SelectOption[];
}

function RulesEditor({ rules, sellers, classifications }: RulesEditorProps) {
  const save = useSaveCommissionRules();
  const { control, handleSubmit, reset, bind, setError } = useBoundForm<RulesForm, RulesBody>({
    resolver,
    defaultValues: rulesFormValues(rules),
  });
  const rows = useFieldArray({ control, name: 'rules' });
  const sellerOptions = withKept(
    sellers,
    rules.map((r) => String(r.sellerId ?? '')),
    (id) => `Usuario #${id}`,
  );
  const classificationOptions = withKept(
    classifications,
    rules.map((r) => String(r.classificationId ?? '')),
    (id) => `Clasificación #${id}`,
  );

  const submit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        reset(rulesFormValues(saved));
        toast.success('Reglas de comisión guardadas');
      },
      // What was typed stays; the server's reason is shown above Guardar and beside its row.
      onError: (error) => {
        for (const { path, message } of error instanceof ApiError ? error.errors : []) {
          const field = ruleFieldOf(path);
          if (field) setError(field, { type: 'server', message });
        }
      },
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {rows.fields.length === 0 ? (
        <p className="rounded-md border border-dashed border-gray-300 px-4 py-6 text-center text-sm text-gray-700">
          Sin reglas: ninguna venta gana comisión.
        </p>
      ) : (
        <ol className="divide-y divide-gray-100">
          {rows.fields.map((row, index) => (
            <li key={row.id} className="py-3 first:pt-0">
              <fieldset className="grid items-start gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_7rem_10rem_auto]">
                <legend className="sr-only">Regla {index + 1}</legend>
                <SelectField
                  label="Vendedor"
                  placeholder="Todos"
                  options={sellerOptions}
                  {...bind(`rules.${index}.sellerId`)}
                />
                <SelectField
                  label="Clasificación"
                  placeholder="Todas"
                  options={classificationOptions}
                  {...bind(`rules.${index}.classificationId`)}
                />
                <DecimalField kind="money" label="Porcentaje (%)" {...bind(`rules.${index}.percent`)} />
                <SelectField label="Base" options={BASE_OPTIONS} {...bind(`rules.${index}.base`)} />
                <Button
                  variant="ghost"
                  className="justify-self-start sm:mt-6"
                  aria-label={`Quitar regla ${index + 1}`}
                  onClick={() => rows.remove(index)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  <span className="lg:sr-only">Quitar</span>
                </Button>
              </fieldset>
            </li>
          ))}
        </ol>
      )}
      <Button variant="secondary" onClick={() => rows.append(emptyRule())}>
        <Plus aria-hidden="true" className="size-4" />
        Agregar regla
      </Button>
      <FormActions save={save} errorTitle="Error al guardar las reglas de comisión" />
    </form>
  );
}

/**
 * Configuraciones > Comisiones: the company's rules (decision 0100), saved as a whole list. Shown once
 * the rules and both pickers' lists have answered, so each select starts on its rule's value.
 */
export function CommissionRulesSection() {
  const rules = useQuery(commissionRulesQuery());
  const sellers = useRuleSellerOptions();
  const classifications = useRuleClassificationOptions();
  const pickersPending = sellers.isPending || classifications.isPending;
  return (
    <section aria-labelledby="commissions-title" className="space-y-4">
      <h2 id="commissions-title" className="text-xl font-semibold text-gray-900">
        Comisiones
      </h2>
      <p className="text-sm text-gray-700">
        Cada venta liquidada gana un porcentaje de su margen o de su precio de venta en USD. Se aplica la
        regla más específica: vendedor y clasificación, luego vendedor, luego clasificación, luego la de
        todos. Una venta sin regla no gana comisión; los meses cerrados no cambian.
      </p>
      <Card>
        {rules.error ? (
          <ErrorAlert title="Error al cargar las reglas de comisión" error={rules.error} />
        ) : rules.data && !pickersPending ? (
          <RulesEditor
            rules={rules.data}
            sellers={sellers.data ?? []}
            classifications={classifications.data ?? []}
          />
        ) : (
          <Spinner label="Cargando reglas de comisión..." className="py-8" />
        )}
      </Card>
    </section>
  );
}
