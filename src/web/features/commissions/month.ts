import { formatNumber, type NumberFormat } from '../../../domain/format';

/** A rule's percent as the line shows it, in the agency's number format: 2.5 → "2.5 %" ("2,5 %" in es). */
export const percentLabel = (percent: number, style: NumberFormat) => `${formatNumber(percent, style, 2)} %`;
