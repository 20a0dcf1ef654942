import { hasWrongRutDigit, INVALID_RUT_MESSAGE } from '../../domain/rut';
import { badRequest } from './http-errors';

/**
 * A new or changed ID written like a Chilean RUT must have the right check digit (módulo 11): a 400
 * on `field`. Clients and passengers both call it only for a changed ID (decision 0042).
 */
export function refuseWrongRutDigit(id: string | null | undefined, field: string) {
  if (hasWrongRutDigit(id)) {
    throw badRequest(INVALID_RUT_MESSAGE, [{ path: field, message: INVALID_RUT_MESSAGE }]);
  }
}
