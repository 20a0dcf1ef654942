/**
 * The left menu of Configuraciones. The spec marks everything but the rates as coming soon; issue 8
 * builds company information and users for real, so only integrations stay disabled.
 */
export const SECTIONS = [
  { id: 'rates', label: 'Tasas de Cambio', available: true },
  { id: 'company', label: 'Información de la Empresa', available: true },
  { id: 'users', label: 'Usuarios y Permisos', available: true },
  // Issue 18: the audit trail takes the place of the spec's coming-soon "Seguridad".
  { id: 'audit', label: 'Auditoría', available: true },
  // Issue 29: the company's tax data, certificate and CAFs for electronic tax documents.
  { id: 'dte', label: 'Facturación Electrónica', available: true },
  { id: 'integrations', label: 'Integraciones', available: false },
] as const;

type Section = (typeof SECTIONS)[number];
type AvailableSection = Extract<Section, { available: true }>;
export type SectionId = AvailableSection['id'];

export const DEFAULT_SECTION: SectionId = 'rates';

/** The `?section=` value of the address; an unknown or unavailable one falls back to the rates. */
export function parseSection(value: string | null): SectionId {
  const section = SECTIONS.find((s): s is AvailableSection => s.available && s.id === value);
  return section?.id ?? DEFAULT_SECTION;
}
