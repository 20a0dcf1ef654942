// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  cellText,
  foldText,
  importAmount,
  importDate,
  RUT_IMPORT_MESSAGE,
} from '../../src/domain/import-cells';
import { csvSeparator, parseCsvTable } from '../../src/domain/import-csv';
import { matchHeaders, readImportRows } from '../../src/domain/imports';

describe('CSV files', () => {
  it('detects ; or , from the header row, outside quotes', () => {
    expect(csvSeparator('Nombre;ID/RUT\r\nA;1')).toBe(';');
    expect(csvSeparator('Nombre,ID/RUT\nA,1')).toBe(',');
    expect(csvSeparator('"Nombre, completo";ID\n')).toBe(';');
  });

  it('drops the BOM, reads quotes, doubled quotes, separators and line breaks inside quotes', () => {
    expect(parseCsvTable('\uFEFFNombre;Dirección\r\n"Pérez; Ana";"Calle ""Uno""\nDepto 2"\r\n')).toEqual([
      ['Nombre', 'Dirección'],
      ['Pérez; Ana', 'Calle "Uno"\nDepto 2'],
    ]);
    expect(parseCsvTable('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });
});

describe('cells', () => {
  it('trims, and takes off the export guard against formulas', () => {
    expect(cellText('  Ñuñoa  ')).toBe('Ñuñoa');
    expect(cellText("'+56 9 1234 5678")).toBe('+56 9 1234 5678');
    expect(cellText("O'Higgins")).toBe("O'Higgins");
    expect(cellText(null)).toBe('');
  });

  it('reads dates as agencies type them and as Excel keeps them', () => {
    expect(importDate('31/12/1990')).toBe('1990-12-31');
    expect(importDate('1990-12-31')).toBe('1990-12-31');
    expect(importDate('5-3-2031')).toBe('2031-03-05');
    expect(importDate(new Date(Date.UTC(1985, 3, 2)))).toBe('1985-04-02');
    expect(importDate(45658)).toBe('2025-01-01');
    expect(importDate('31/02/1990')).toBeNull();
    expect(importDate('mañana')).toBeNull();
  });

  it('reads amounts with a decimal comma or point', () => {
    expect(importAmount('1.250,75')).toEqual({ ok: true, value: '1250.75' });
    expect(importAmount('1250.75')).toEqual({ ok: true, value: '1250.75' });
    expect(importAmount('1.250.000')).toEqual({ ok: true, value: '1250000' });
    expect(importAmount(1250.75)).toEqual({ ok: true, value: '1250.75' });
    expect(importAmount('doce').ok).toBe(false);
  });

  it('folds accents, case and spaces', () => {
    expect(foldText('  Turismo   ÑANDÚ ')).toBe('turismo nandu');
  });
});

describe('rows', () => {
  it('matches headers by name or alias, accents and case ignored, in any order', () => {
    const { positions, errors } = matchHeaders('clients', ['correo', 'RUT', 'NOMBRE']);
    expect(errors).toEqual([]);
    expect(Object.fromEntries(positions)).toEqual({ email: 0, clientId: 1, name: 2 });
    expect(matchHeaders('passengers', ['Nombre']).errors.map((e) => e.column)).toEqual([
      'ID',
      'Fecha de nacimiento',
    ]);
  });

  it('gives the records in their stored form, and each error by row and column', () => {
    const { records, errors, rows } = readImportRows('clients', [
      ['Nombre', 'ID/RUT', 'Email'],
      ['Ana', '123456785', 'ANA@X.CL'],
      ['', '', ''],
      ['Beto', '12.345.678-9', ''],
      ['', 'P-1', 'x@y.cl'],
    ]);
    expect(rows).toBe(3);
    expect(records).toEqual([
      {
        row: 2,
        values: expect.objectContaining({ name: 'Ana', clientId: '12.345.678-5', email: 'ana@x.cl' }),
        given: ['name', 'clientId', 'email'],
      },
    ]);
    expect(errors).toEqual([
      { row: 4, column: 'ID/RUT', message: RUT_IMPORT_MESSAGE },
      { row: 5, column: 'Nombre', message: '«Nombre» es obligatorio' },
    ]);
  });

  it('reads a passenger document type and nationality by their Spanish names', () => {
    const { records, errors } = readImportRows('passengers', [
      ['Nombre', 'ID', 'Fecha de nacimiento', 'Nacionalidad', 'Tipo de documento'],
      ['Íñigo', 'X1', '02/04/1985', 'Perú', 'pasaporte'],
    ]);
    expect(errors).toEqual([]);
    expect(records[0]?.values).toMatchObject({
      nationality: 'PE',
      documentType: 'passport',
      dateOfBirth: '1985-04-02',
    });
  });
});
