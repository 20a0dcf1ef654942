import { useState } from 'react';
import { Controller } from 'react-hook-form';
import type { CatalogItem, CatalogKind } from '../../../domain/master-data';
import { type SaleItemData, type SaleItemInput, saleItemSchema } from '../../../domain/sales';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Field, MoneyField, ReadOnlyField, TextareaField } from '../../components/ui/Field';
import { FormActions } from '../../components/ui/FormActions';
import { Modal, whenClosed } from '../../components/ui/Modal';
import { SelectField } from '../../components/ui/SelectField';
import { typedDecimalResolver } from '../../lib/decimal-resolver';
import { useBoundForm } from '../../lib/form';
import { useCatalogOptions } from './api';
import { addPassenger, type ItemDraft, itemFormDefaults, newItemKey, type PassengerRef } from './form-model';
import { PassengerPicker } from './PassengerPicker';

const resolver = typedDecimalResolver(saleItemSchema, { salePrice: 'money', costPrice: 'money' });

interface ItemModalProps {
  /** The item to edit; without it the modal adds a new one. */
  item?: ItemDraft;
  /** The sale's currency: the prices are typed in it. */
  currency: string;
  onClose: () => void;
  onSave: (item: ItemDraft) => void;
}

/**
 * A picker's options, plus the item's current record when it is beyond the first 100 loaded, so that
 * editing an item never silently changes its supplier.
 */
function useOptions(kind: CatalogKind, current?: CatalogItem) {
  const { data = [] } = useCatalogOptions(kind);
  const list = current && !data.some((o) => o.id === current.id) ? [current, ...data] : data;
  return list.map((o) => ({ value: String(o.id), label: o.name, id: o.id, name: o.name }));
}

/** The sale item dialog: 'Agregar Item de Venta' or 'Editar Item de Venta'. */
export function ItemModal({ item, currency, onClose, onSave }: ItemModalProps) {
  const classifications = useOptions(
    'classifications',
    item && { id: item.classificationId, name: item.classificationName },
  );
  const suppliers = useOptions('suppliers', item && { id: item.supplierId, name: item.supplierName });
  const operators = useOptions('operators', item && { id: item.operatorId, name: item.operatorName });
  const [passengers, setPassengers] = useState<PassengerRef[]>(item?.passengers ?? []);
  const [askingDiscard, setAskingDiscard] = useState(false);
  const { control, handleSubmit, bind, formState } = useBoundForm<SaleItemInput, SaleItemData>({
    resolver,
    defaultValues: itemFormDefaults(item),
  });

  const nameOf = (options: typeof suppliers, id: number) => options.find((o) => o.id === id)?.name ?? '';

  const save = (data: SaleItemData) => {
    const { passengers: _ids, passengerCount: _count, ...fields } = data;
    onSave({
      ...fields,
      key: item?.key ?? newItemKey(),
      passengers,
      classificationName: nameOf(classifications, data.classificationId),
      supplierName: nameOf(suppliers, data.supplierId),
      operatorName: nameOf(operators, data.operatorId),
    });
  };

  return (
    <Modal
      open
      onOpenChange={whenClosed(onClose)}
      title={item ? 'Editar Item de Venta' : 'Agregar Item de Venta'}
      className="sm:max-w-3xl"
      // Escape or a click beside the dialog must not throw away a half-typed item without asking.
      onDismissHeld={formState.isDirty ? () => setAskingDiscard(true) : undefined}
    >
      <ConfirmDialog
        open={askingDiscard}
        onOpenChange={setAskingDiscard}
        title="¿Descartar los cambios del item?"
        description="Los cambios de este item no se guardarán."
        confirmLabel="Descartar"
        cancelLabel="Seguir editando"
        errorTitle="No se pudo descartar el item"
        onConfirm={async () => onClose()}
      />
      <form noValidate className="grid gap-4 sm:grid-cols-2" onSubmit={handleSubmit(save)}>
        <SelectField
          label="Clasificación"
          placeholder="Seleccione una clasificación"
          options={classifications}
          {...bind('classificationId')}
        />
        <SelectField
          label="Proveedor"
          placeholder="Seleccione un proveedor"
          options={suppliers}
          {...bind('supplierId')}
        />
        <SelectField
          label="Operador"
          placeholder="Seleccione un operador"
          options={operators}
          {...bind('operatorId')}
        />
        <ReadOnlyField label="Cantidad de pasajeros" value={passengers.length} />
        <div className="sm:col-span-2">
          <Controller
            name="passengers"
            control={control}
            render={({ field, fieldState }) => (
              <PassengerPicker
                selected={passengers}
                inputRef={field.ref}
                error={fieldState.error?.message}
                onAdd={({ id, name, passengerId }) => {
                  const next = addPassenger(passengers, { id, name, passengerId });
                  setPassengers(next);
                  field.onChange(next.map((p) => p.id));
                }}
                onRemove={(id) => {
                  const next = passengers.filter((p) => p.id !== id);
                  setPassengers(next);
                  field.onChange(next.map((p) => p.id));
                }}
              />
            )}
          />
        </div>
        <Field label="Fecha de entrada" type="date" {...bind('dateIn')} />
        <Field label="Fecha de salida" type="date" {...bind('dateOut')} />
        <TextareaField label="Descripción" rows={2} className="sm:col-span-2" {...bind('description')} />
        <MoneyField label={`Precio de venta (${currency})`} currency={currency} {...bind('salePrice')} />
        <MoneyField label={`Precio de costo (${currency})`} currency={currency} {...bind('costPrice')} />
        <Field label="Código de reserva" autoComplete="off" {...bind('reservationCode')} />
        <Field label="Fecha de pago al proveedor" type="date" {...bind('paymentDate')} />
        <FormActions onCancel={onClose} submitLabel="Guardar Item" className="sm:col-span-2" />
      </form>
    </Modal>
  );
}
