import type { ComponentType } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FOCUS_RING } from '../../components/ui/Button';
import { PageHeader } from '../../components/ui/PageHeader';
import { cn } from '../../lib/cn';
import { AuditSection } from '../audit';
import { CommissionRulesSection } from '../commissions';
import { DteSection } from '../dte';
import { UsersSection } from '../users';
import { useAgencyPreferences } from './agency';
import { CompanyInfoSection } from './CompanyInfoSection';
import { CurrencyRatesSection } from './CurrencyRatesSection';
import { parseSection, SECTIONS, type SectionId } from './sections';

/** The trail in the agency's zone: the audit feature is told it, it does not read the company's settings. */
function AgencyAuditSection() {
  return <AuditSection timeZone={useAgencyPreferences().timeZone} />;
}

const SECTION_VIEWS: Record<SectionId, ComponentType> = {
  rates: CurrencyRatesSection,
  company: CompanyInfoSection,
  users: UsersSection,
  audit: AgencyAuditSection,
  dte: DteSection,
  commissions: CommissionRulesSection,
};

const ITEM =
  'flex w-full flex-wrap items-center justify-between gap-2 rounded-md px-3 py-2 text-left text-sm';

/**
 * /company-settings (admin only, guarded by the route). The section lives in ?section= so reload keeps it.
 */
export function CompanySettingsPage() {
  const [params] = useSearchParams();
  const current = parseSection(params.get('section'));
  const View = SECTION_VIEWS[current];

  return (
    <div className="space-y-6">
      <PageHeader title="Configuraciones" />
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
        <nav aria-label="Secciones de configuración" className="shrink-0 lg:w-64">
          <ul className="space-y-1 rounded-lg border border-gray-200 bg-white p-2 shadow-sm">
            {SECTIONS.map((section) => (
              <li key={section.id}>
                {section.available ? (
                  <Link
                    to={{ search: `?section=${section.id}` }}
                    aria-current={section.id === current ? 'page' : undefined}
                    className={cn(
                      ITEM,
                      FOCUS_RING,
                      section.id === current
                        ? 'bg-blue-50 font-semibold text-blue-800'
                        : 'text-gray-800 hover:bg-gray-100',
                    )}
                  >
                    {section.label}
                  </Link>
                ) : (
                  <button type="button" disabled className={cn(ITEM, 'cursor-not-allowed text-gray-700')}>
                    {section.label}
                    <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs text-gray-700">
                      Próximamente
                    </span>
                  </button>
                )}
              </li>
            ))}
            {/* Respaldos is a screen of its own (/backups), reached from here like a section. */}
            <li>
              <Link to="/backups" className={cn(ITEM, FOCUS_RING, 'text-gray-800 hover:bg-gray-100')}>
                Respaldos
              </Link>
            </li>
            {/* Correos, the outbox, is a screen of its own too. */}
            <li>
              <Link to="/emails" className={cn(ITEM, FOCUS_RING, 'text-gray-800 hover:bg-gray-100')}>
                Correos
              </Link>
            </li>
          </ul>
        </nav>
        <div className="min-w-0 flex-1">
          <View />
        </div>
      </div>
    </div>
  );
}
