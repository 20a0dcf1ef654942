// @vitest-environment node
// What each reply of the SII means for a submission (docs/decisions/0066, and 0102 for boletas).
import { describe, expect, it } from 'vitest';
import { TOKEN_REFUSED } from '../../src/server/modules/sii/boleta-client';
import {
  boletaStatusOutcome,
  boletaUploadOutcome,
  statusOutcome,
  uploadOutcome,
} from '../../src/server/modules/sii/outcome';

const status = (code: string, counts = { informed: 0, accepted: 0, rejected: 0, repairs: 0 }) =>
  statusOutcome({ code, glosa: 'glosa', counts, byType: [] });

describe('the upload reply (RECEPCIONDTE)', () => {
  it('STATUS 0 with a track id is sent; 5 asks for a new token', () => {
    expect(uploadOutcome({ status: '0', trackId: '0001', messages: [] })).toEqual({
      kind: 'sent',
      trackId: '0001',
      code: '0',
      messages: ['0: Upload OK'],
    });
    expect(uploadOutcome({ status: '5', messages: [] })).toEqual({ kind: 'token' });
  });

  it('a refused file or sender is final; a blocked or failing SII is tried again', () => {
    for (const code of ['1', '2', '3', '6', '7', '8']) {
      expect(uploadOutcome({ status: code, messages: ['detalle'] })).toMatchObject({
        kind: 'final',
        status: 'rejected',
        code,
      });
    }
    expect(uploadOutcome({ status: '8', messages: ['detalle'] })).toMatchObject({
      messages: ['8: Firma del documento', 'detalle'],
    });
    expect(uploadOutcome({ status: '9', messages: [] })).toEqual({
      kind: 'retry',
      error: 'DTEUpload 9: Sistema bloqueado',
    });
    expect(uploadOutcome({ status: '99', messages: [] })).toMatchObject({ kind: 'retry' });
    // STATUS 0 without a track id is not an upload the worker can follow.
    expect(uploadOutcome({ status: '0', messages: [] })).toMatchObject({ kind: 'retry' });
  });
});

describe('the upload status (getEstUp)', () => {
  it('rejections and reparos of the whole upload are final', () => {
    for (const code of ['RSC', 'RFR', 'RCT', 'RCH', 'RPT']) {
      expect(status(code)).toMatchObject({ kind: 'final', status: 'rejected', code });
    }
    for (const code of ['RPR', 'RLV'])
      expect(status(code)).toMatchObject({ kind: 'final', status: 'repairs' });
  });

  it('EPR decides by the counts: any rejected, else any with reparos, else accepted', () => {
    const epr = (accepted: number, rejected: number, repairs: number) =>
      status('EPR', { informed: accepted + rejected + repairs, accepted, rejected, repairs });
    expect(epr(1, 0, 0)).toMatchObject({ kind: 'final', status: 'accepted' });
    expect(epr(0, 0, 1)).toMatchObject({ kind: 'final', status: 'repairs' });
    expect(epr(1, 1, 1)).toMatchObject({ kind: 'final', status: 'rejected' });
    expect(epr(0, 0, 0)).toMatchObject({ kind: 'processing' });
  });

  it('the SII still checking is asked again; its own failures are retried; an unknown token is renewed', () => {
    for (const code of ['SOK', 'CRT', 'FOK', 'PDR'])
      expect(status(code)).toMatchObject({ kind: 'processing' });
    expect(status('-11')).toEqual({ kind: 'retry', error: 'QueryEstUp -11: glosa' });
    for (const code of ['001', '002', '003']) expect(status(code)).toEqual({ kind: 'token' });
  });
});

describe("the boleta service's replies", () => {
  const none = { informed: 0, accepted: 0, rejected: 0, repairs: 0 };
  it('a track id is sent; none is tried again; 401 asks for a new token', () => {
    expect(boletaUploadOutcome({ trackId: '202612000000001', code: 'REC' })).toEqual({
      kind: 'sent',
      trackId: '202612000000001',
      code: 'REC',
      messages: ['REC: Envío recibido'],
    });
    expect(boletaUploadOutcome({ code: '' })).toEqual({
      kind: 'retry',
      error: 'Envío de boleta sin trackid (REC: Envío recibido)',
    });
    expect(boletaUploadOutcome(TOKEN_REFUSED)).toEqual({ kind: 'token' });
    expect(boletaStatusOutcome(TOKEN_REFUSED)).toEqual({ kind: 'token' });
  });

  it('its states read as QueryEstUp: RCO and VOF reject, REC and PRD wait, EPR decides by its counts', () => {
    const boleta = (code: string, counts = none, details: string[] = []) =>
      boletaStatusOutcome({ code, glosa: 'glosa', counts, byType: [], details });
    for (const code of ['RCO', 'VOF', 'RSC', 'RFR', 'RCT', 'RCH', 'RPT']) {
      expect(boleta(code)).toMatchObject({ kind: 'final', status: 'rejected', code });
    }
    for (const code of ['REC', 'PRD', 'SOK', 'CRT', 'FOK', 'EPR']) {
      expect(boleta(code)).toMatchObject({ kind: 'processing', code });
    }
    expect(boleta('RPR')).toMatchObject({ kind: 'final', status: 'repairs' });
    expect(
      boleta('EPR', { informed: 1, accepted: 0, rejected: 1, repairs: 0 }, [
        'Tipo 39 N° 7: RCH DTE Rechazado',
      ]),
    ).toEqual({
      kind: 'final',
      status: 'rejected',
      code: 'EPR',
      messages: ['EPR: glosa', 'Tipo 39 N° 7: RCH DTE Rechazado'],
    });
    expect(boleta('EPR', { informed: 1, accepted: 1, rejected: 0, repairs: 0 })).toMatchObject({
      status: 'accepted',
    });
  });
});
