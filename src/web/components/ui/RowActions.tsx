import { Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from './Button';

interface RowActionsProps {
  /** Part of each button's accessible name, so that a list of "Editar" buttons says which record each edits. */
  name: string;
  editTo: string;
  onDelete: () => void;
  /** In a table cell the buttons stay side by side; elsewhere they may wrap. */
  inline?: boolean;
}

export function RowActions({ name, editTo, onDelete, inline = false }: RowActionsProps) {
  return (
    <div className={inline ? 'flex gap-2' : 'flex flex-wrap gap-2'}>
      <Link to={editTo} aria-label={`Editar ${name}`} className={buttonClasses('secondary', 'sm')}>
        <Pencil aria-hidden="true" className="size-4" />
        Editar
      </Link>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Eliminar ${name}`}
        className="text-red-700 hover:bg-red-50"
        onClick={onDelete}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        Eliminar
      </Button>
    </div>
  );
}

/** "Editar" for a record edited in place (a dialog); `label` says which record, for screen readers. */
export function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="secondary" size="sm" aria-label={label} onClick={onClick}>
      <Pencil aria-hidden="true" className="size-4" />
      Editar
    </Button>
  );
}
