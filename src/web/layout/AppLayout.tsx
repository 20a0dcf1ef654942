import { type CSSProperties, useState } from 'react';
import { Outlet } from 'react-router';
import { Toaster } from 'sonner';
import { RequireAuth } from '../auth';
import { FOCUS_RING } from '../components/ui/Button';
import { GlobalSearch, SearchButton } from '../features/search';
import { cn } from '../lib/cn';
import { AgencyNumberFormat } from './AgencyNumberFormat';
import { MobileNav } from './MobileNav';
import { Sidebar } from './Sidebar';
import { useFocusOnNavigate } from './use-focus-on-navigate';

/**
 * Sonner's rich-colour texts are below the WCAG AA 4.5:1 contrast on their pale backgrounds (success
 * green is 4.26:1); these darker texts (Tailwind 800 shades) keep the colours and reach about 7:1.
 */
const TOAST_COLOURS = {
  '--success-text': '#166534',
  '--info-text': '#1e40af',
  '--warning-text': '#9a3412',
  '--error-text': '#991b1b',
} as CSSProperties;

const MAIN_ID = 'contenido';

/**
 * The first stop of Tab on every signed-in screen, off screen until focused: Enter moves the focus to
 * the page's content, past the menu's links. Focus is moved by hand so the URL keeps no "#contenido".
 */
function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
      className={cn(
        'fixed top-2 left-2 z-50 -translate-y-24 rounded-md bg-white px-4 py-2 font-medium text-blue-700 shadow-lg focus:translate-y-0',
        FOCUS_RING,
      )}
    >
      Saltar al contenido
    </a>
  );
}

/**
 * Shell of every signed-in screen: the guard, the sidebar, the search and the routed content. The toaster lives
 * here, not in main.tsx, because only signed-in screens toast and /login stays lighter without it.
 */
export function AppLayout() {
  const [searchOpen, setSearchOpen] = useState(false);
  const openSearch = () => setSearchOpen(true);
  useFocusOnNavigate(MAIN_ID);
  return (
    <RequireAuth>
      <SkipLink />
      {/* The page scrolls, not <main>: a scrollable region without focusable content fails axe. */}
      <div className="flex min-h-screen bg-gray-50">
        <Sidebar />
        <div className="min-w-0 flex-1">
          <MobileNav onSearch={openSearch} />
          <header className="hidden h-14 items-center border-b border-gray-200 bg-white px-6 md:flex lg:px-10">
            <SearchButton onClick={openSearch} />
          </header>
          <main id={MAIN_ID} tabIndex={-1} className="px-4 py-6 outline-none sm:px-6 sm:py-8 lg:px-10">
            {/* Every screen's amounts in the agency's number format (the menu and search show none). */}
            <AgencyNumberFormat>
              <Outlet />
            </AgencyNumberFormat>
          </main>
        </div>
      </div>
      <GlobalSearch open={searchOpen} onOpenChange={setSearchOpen} />
      {/* Bottom centre: at the top right a toast covered the pages' primary button ("Nuevo ..."). */}
      <Toaster position="bottom-center" richColors closeButton style={TOAST_COLOURS} />
    </RequireAuth>
  );
}
