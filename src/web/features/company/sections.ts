/**
 * The left menu of Configuraciones (docs/decisions/0005-configuraciones-sections-and-own-account.md):
 * the original marked everything but the rates as coming soon; company information and users are built
 * for real, so only integrations stay disabled.
 */
export const SECTIONS = [
  { id: 'rates', label: 'Tasas de Cambio', available: true },
  { id: 'company', label: 'Información de la Empresa', available: true },
  { id: 'users', label: 'Usuarios y Permisos', available: true },
  // The audit trail takes the place of the original coming-soon "Seguridad" (docs/decisions/0020-audit-
  // trail.md).
  { id: 'audit', label: 'Auditoría', available: true },
  // The company's tax data, certificate and CAFs for electronic tax documents (docs/decisions/0065-dte-
  // invoices.md).
  { id: 'dte', label: 'Facturación Electrónica', available: true },
  // The rules of the sellers' commissions (docs/decisions/0100-seller-commissions.md).
  { id: 'commissions', label: 'Comisiones', available: true },
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
