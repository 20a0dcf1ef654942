import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { ChevronDown, Download, FileSpreadsheet, FileText, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { CallInput, EndpointShape } from '../../../domain/api/endpoint';
import type { CallArgs } from '../../api/client';
import { downloadFile } from '../../api/download';
import { cn } from '../../lib/cn';
import { buttonClasses } from './Button';

const FORMATS = [
  { format: 'xlsx', label: 'Excel (.xlsx)', Icon: FileSpreadsheet },
  { format: 'csv', label: 'CSV', Icon: FileText },
] as const;

/** The query of an export endpoint but its `format`, which the menu adds. */
export type ExportFilters<E extends EndpointShape> = Omit<NonNullable<CallInput<E>['query']>, 'format'>;

type ExportMenuProps<E extends EndpointShape> = Omit<CallInput<E>, 'query'> & {
  /** The list's export endpoint, e.g. `clientsApi.export`. */
  endpoint: E;
  /** The filters the list is showing, so the file holds what the screen holds (no page or limit). */
  query?: ExportFilters<E>;
  /** Base of the file name if the server does not give one. */
  fileName: string;
  className?: string;
};

/**
 * "Exportar": a menu with Excel and CSV that downloads the list with its current filters. Headless
 * UI's Menu gives arrow keys, Enter, Escape and focus return for free.
 */
export function ExportMenu<E extends EndpointShape>({
  endpoint,
  params,
  query,
  fileName,
  className,
}: ExportMenuProps<E>) {
  const [busy, setBusy] = useState(false);

  const exportAs = async (format: 'xlsx' | 'csv') => {
    setBusy(true);
    try {
      // The props were checked against the endpoint; `format` completes its query.
      const input = { params, query: { ...query, format } } as unknown as CallArgs<E>[0];
      await downloadFile(`${fileName}.${format}`, endpoint, ...([input] as CallArgs<E>));
    } catch (error) {
      toast.error(`No se pudo exportar: ${error instanceof Error ? error.message : 'error desconocido'}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Menu as="div" className={cn('relative inline-block', className)}>
      <MenuButton className={buttonClasses('secondary')} disabled={busy}>
        {busy ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <Download aria-hidden="true" className="size-4" />
        )}
        {busy ? 'Exportando...' : 'Exportar'}
        <ChevronDown aria-hidden="true" className="size-4" />
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-50 mt-1 min-w-44 rounded-md border border-gray-200 bg-white p-1 shadow-lg focus:outline-none"
      >
        {FORMATS.map(({ format, label, Icon }) => (
          <MenuItem key={format}>
            <button
              type="button"
              onClick={() => void exportAs(format)}
              className="flex w-full items-center gap-2 rounded px-3 py-2 text-left text-sm text-gray-800 data-focus:bg-blue-50 data-focus:text-blue-800"
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
