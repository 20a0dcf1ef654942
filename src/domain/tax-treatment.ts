/**
 * Whether a classification's items pay IVA (docs/decisions/0056-exempt-taxable-and-pesos.md): always exempt,
 * always taxable, or by the sale's region, the default (international exempt, national and regional taxable).
 */
export const TAX_TREATMENTS = ['exempt', 'taxable', 'byRegion'] as const;
export type TaxTreatment = (typeof TAX_TREATMENTS)[number];
export const TAX_TREATMENT_LABELS: Record<TaxTreatment, string> = {
  exempt: 'Exento',
  taxable: 'Afecto a IVA',
  byRegion: 'Según región',
};

/** An item's exemption by its classification's treatment and its sale's region. */
export const isExempt = (treatment: TaxTreatment, region: string): boolean =>
  treatment === 'exempt' || (treatment === 'byRegion' && region === 'international');
