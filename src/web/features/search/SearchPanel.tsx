import { Search } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  SEARCH_GROUP_LABELS,
  SEARCH_MIN_LENGTH,
  SEARCH_RESULT_TYPES,
  type SearchResult,
} from '../../../domain/search';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { Input } from '../../components/ui/Field';
import { cn } from '../../lib/cn';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useGlobalSearch } from './api';

/**
 * The search box and its results as one ARIA combobox: focus stays in the input while the arrows move
 * the highlighted option (aria-activedescendant), Enter opens it, Escape closes the whole search (the
 * list is part of the dialog, not a popup over it). Results are grouped under a heading per kind.
 */
export function SearchPanel({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 250);
  const searching = q.length >= SEARCH_MIN_LENGTH;
  const { data, error, isFetching } = useGlobalSearch(q);
  const results = searching ? (data?.results ?? []) : [];
  const [active, setActive] = useState(0);
  // New results start from the first one, unless the highlighted record is among them: an answer to an
  // earlier keystroke that arrives late brings the same records, and the highlight stays where the
  // arrows put it. Set while rendering, so no frame shows a stale highlight.
  const [shownData, setShownData] = useState(data);
  if (data !== shownData) {
    const highlighted = shownData?.results[active];
    const kept = highlighted
      ? (data?.results ?? []).findIndex((r) => r.type === highlighted.type && r.id === highlighted.id)
      : -1;
    setShownData(data);
    setActive(Math.max(kept, 0));
  }
  const id = useId();
  const optionId = (index: number) => `${id}-option-${index}`;

  const open = (result: SearchResult | undefined) => {
    if (!result) return;
    onClose();
    navigate(result.url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = results.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!count) return;
      const next = (active + (event.key === 'ArrowDown' ? 1 : count - 1)) % count;
      setActive(next);
      document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      open(results[active]);
    } else if (event.key === 'Escape') {
      onClose();
    }
  };

  const listId = `${id}-list`;
  const hasResults = results.length > 0;
  const status = !searching
    ? `Escribe al menos ${SEARCH_MIN_LENGTH} caracteres: un nombre, un ID/RUT o un número de venta.`
    : isFetching && !data
      ? 'Buscando...'
      : hasResults
        ? `${results.length} ${results.length === 1 ? 'resultado' : 'resultados'}`
        : `Sin resultados para «${q}»`;

  return (
    <div>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500"
        />
        <Input
          role="combobox"
          aria-label="Buscar ventas, clientes, pasajeros"
          aria-autocomplete="list"
          aria-expanded={hasResults}
          aria-controls={hasResults ? listId : undefined}
          aria-activedescendant={hasResults ? optionId(active) : undefined}
          aria-describedby={`${id}-status`}
          autoComplete="off"
          spellCheck={false}
          placeholder="Nombre, ID/RUT o número de venta"
          className="pl-9"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </div>
      <p id={`${id}-status`} role="status" className="mt-2 text-sm text-gray-700">
        {status}
      </p>
      {error ? <ErrorAlert title="No se pudo buscar" error={error} /> : null}
      {hasResults && (
        <div
          id={listId}
          role="listbox"
          aria-label="Resultados de la búsqueda"
          className="mt-2 max-h-[60dvh] overflow-y-auto"
        >
          {SEARCH_RESULT_TYPES.map((type) => {
            const group = results.flatMap((result, index) =>
              result.type === type ? [{ result, index }] : [],
            );
            if (!group.length) return null;
            return (
              // biome-ignore lint/a11y/useSemanticElements: ARIA groups a listbox's options with role=group; a fieldset groups form controls.
              <div key={type} role="group" aria-labelledby={`${id}-${type}`}>
                <div
                  id={`${id}-${type}`}
                  role="presentation"
                  className="px-2 pt-3 pb-1 text-xs font-semibold tracking-wide text-gray-600 uppercase"
                >
                  {SEARCH_GROUP_LABELS[type]}
                </div>
                {group.map(({ result, index }) => (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard drives the combobox input; a click is the pointer's way.
                  <div
                    key={`${result.type}-${result.id}`}
                    id={optionId(index)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={index === active}
                    className={cn(
                      'cursor-pointer rounded-md px-2 py-2 text-sm',
                      index === active ? 'bg-blue-100' : 'hover:bg-gray-100',
                    )}
                    onMouseMove={() => setActive(index)}
                    onClick={() => open(result)}
                  >
                    <span className="block truncate font-medium text-gray-900">{result.label}</span>
                    {result.detail && <span className="block text-gray-700">{result.detail}</span>}
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
