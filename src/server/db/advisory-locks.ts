/**
 * Keys of the PostgreSQL advisory locks, one per lock and all distinct: two unrelated locks sharing a
 * key would make their writers queue behind each other for nothing. Login attempts use the two-key
 * form (key, hash of the e-mail), so each account has its own lock.
 */
export const ADVISORY_LOCKS = {
  /** One app instance migrates while the others wait. */
  migrations: 727274,
  /** Writers of the trigger-kept sales aggregates; SQL cannot import this file, so the trigger
   * function lock_sales_aggregates() in migrations/0003_sales_aggregates.sql spells the number. */
  salesAggregates: 727275,
  loginAttempts: 727276,
  /** Audit entries are chained one after another. */
  auditChain: 727277,
  /** The open registration of the first user: two at once must not both become the first admin. */
  firstUser: 727278,
  /** Two-key form (key, hash of the normalised ID): one client per ID/RUT, even when two save at once. */
  clientIds: 727286,
  /** CAF uploads: two files of one type at once must not both pass the overlap check. */
  dteCafs: 727287,
  /** Two-key form (key, DTE type): folios of one type are taken one after another, across servers. */
  dteFolios: 727288,
  /** The commission rules are replaced as a whole: two saves at once must not interleave. */
  commissionRules: 727289,
} as const;
