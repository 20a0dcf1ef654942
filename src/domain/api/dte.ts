import { ADMINS, BOOKKEEPERS } from '../access';
import {
  cafDataReplySchema,
  cafsDataReplySchema,
  cafUploadSchema,
  certificateDataReplySchema,
  certificateStatusDataReplySchema,
  certificateUploadSchema,
  companyTaxDataReplySchema,
  companyTaxSchema,
  registerMonth,
} from '../dte';
import { endpoint, SIGNED_IN, WITH_BODY } from './endpoint';
import { exportFileReply, exportQuery } from './files';

/** Electronic tax documents' setup (docs/product.md#company-api): the company's tax data, its certificate, its CAFs. */
export const dteApi = {
  tax: endpoint({
    method: 'GET',
    path: '/api/company/tax',
    access: ADMINS,
    replies: { 200: companyTaxDataReplySchema },
    errors: SIGNED_IN,
  }),
  saveTax: endpoint({
    method: 'PUT',
    path: '/api/company/tax',
    access: ADMINS,
    body: companyTaxSchema,
    replies: { 200: companyTaxDataReplySchema },
    // 409: a new RUT while CAFs of the previous one have folios left, unless `confirmRutChange`.
    errors: [...WITH_BODY, 409],
  }),
  certificate: endpoint({
    method: 'GET',
    path: '/api/company/certificate',
    access: ADMINS,
    replies: { 200: certificateStatusDataReplySchema },
    errors: SIGNED_IN,
  }),
  uploadCertificate: endpoint({
    method: 'POST',
    path: '/api/company/certificate',
    access: ADMINS,
    body: certificateUploadSchema,
    replies: { 200: certificateDataReplySchema },
    errors: WITH_BODY,
  }),
  cafs: endpoint({
    method: 'GET',
    path: '/api/company/cafs',
    access: ADMINS,
    replies: { 200: cafsDataReplySchema },
    errors: SIGNED_IN,
  }),
  uploadCaf: endpoint({
    method: 'POST',
    path: '/api/company/cafs',
    access: ADMINS,
    body: cafUploadSchema,
    replies: { 201: cafDataReplySchema },
    // 409: the tax data are not saved yet, or the range overlaps a CAF of the same type.
    errors: [...WITH_BODY, 409],
  }),
  /** Libro de ventas: the month's issued documents for the accountant. */
  salesRegister: endpoint({
    method: 'GET',
    path: '/api/reports/sales-register',
    access: BOOKKEEPERS,
    query: exportQuery({ month: registerMonth }),
    replies: { 200: exportFileReply },
    errors: SIGNED_IN,
  }),
};
