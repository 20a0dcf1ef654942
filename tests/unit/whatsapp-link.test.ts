// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { whatsAppLink } from '../../src/domain/phone';

describe('whatsAppLink', () => {
  it('writes the full international number WhatsApp needs', () => {
    expect(whatsAppLink('+56 9 8765 4321')).toBe('https://wa.me/56987654321');
    expect(whatsAppLink('(+54) 11 4321-5678')).toBe('https://wa.me/541143215678');
    // A Chilean mobile typed without its country code.
    expect(whatsAppLink('9 8765 4321')).toBe('https://wa.me/56987654321');
  });

  it('gives none without a phone or with too few digits', () => {
    expect(whatsAppLink(null)).toBeNull();
    expect(whatsAppLink('')).toBeNull();
    expect(whatsAppLink('12 34')).toBeNull();
  });
});
