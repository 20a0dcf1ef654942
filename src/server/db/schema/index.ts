export * from './audit';
export * from './company';
export * from './invoices';
export * from './master-data';
export * from './payments';
export * from './sales';
export * from './summaries';
export * from './users';
