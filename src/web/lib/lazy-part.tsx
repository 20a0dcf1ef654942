import { type ComponentType, lazy } from 'react';

/**
 * React.lazy for a part of a page (a chart) whose code may fail to download. A plain lazy part that
 * fails throws to the router, whose error page replaces the whole layout, sidebar and all, over a
 * decorative chart. Here only the part says it could not load; the page around it keeps working, and
 * the next visit after a reload downloads it again. Only a TypeError is such a failure (what browsers
 * throw for a module they could not fetch); any other error still throws.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    try {
      return { default: await load() };
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      return { default: PartNotLoaded as ComponentType<P> };
    }
  });
}

function PartNotLoaded() {
  return <p className="text-sm text-gray-700">No se pudo cargar el gráfico. Recarga la página para verlo.</p>;
}
