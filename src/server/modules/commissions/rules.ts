import { asc, inArray, sql } from 'drizzle-orm';
import type { CommissionRule, CommissionRuleInput } from '../../../domain/commissions';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { Database } from '../../db/client';
import { toPercent } from '../../db/money';
import { type AuditChange, classifications, commissionRules, users } from '../../db/schema';
import { badRequest } from '../../lib/http-errors';
import { type AuditActor, record } from '../audit';

type RuleRow = typeof commissionRules.$inferSelect;

function ruleReply(row: RuleRow): CommissionRule {
  return {
    sellerId: row.sellerId,
    classificationId: row.classificationId,
    percent: toPercent(row.percent),
    base: row.base,
  };
}

/** The rules, the general ones first: everyone, then by classification, then by seller. */
async function storedRules(db: Database): Promise<RuleRow[]> {
  return db
    .select()
    .from(commissionRules)
    .orderBy(
      sql`${commissionRules.sellerId} nulls first`,
      sql`${commissionRules.classificationId} nulls first`,
      asc(commissionRules.id),
    );
}

export async function listRules(db: Database): Promise<CommissionRule[]> {
  return (await storedRules(db)).map(ruleReply);
}

/** Who and what a rule is for, as the audit trail names it. */
const ruleField = (rule: { sellerId?: number | null; classificationId?: number | null }) =>
  `regla.vendedor:${rule.sellerId ?? 'todos'}.clasificacion:${rule.classificationId ?? 'todas'}`;

/** Each rule's percent and base by its pair, so the trail shows what each pair had and has. */
const byPair = (rows: RuleRow[]) => new Map(rows.map((r) => [ruleField(r), `${r.percent}% ${r.base}`]));

function ruleChanges(before: RuleRow[], after: RuleRow[]): AuditChange[] {
  const from = byPair(before);
  const to = byPair(after);
  const fields = [...new Set([...from.keys(), ...to.keys()])];
  return fields.flatMap((field) => {
    const was = from.get(field) ?? null;
    const now = to.get(field) ?? null;
    return was === now ? [] : [{ field, from: was, to: now }];
  });
}

/**
 * Refuses a list with the same pair twice, or a seller or classification that does not exist, each on
 * its rule (`rules.2.sellerId`), before anything is written.
 */
async function assertRules(tx: Database, rules: CommissionRuleInput[]) {
  const issues: { path: string; message: string }[] = [];
  const seen = new Set<string>();
  rules.forEach((rule, n) => {
    const pair = ruleField(rule);
    if (seen.has(pair))
      issues.push({
        path: `rules.${n}`,
        message: 'Hay dos reglas para el mismo vendedor y la misma clasificación',
      });
    seen.add(pair);
  });
  const sellerIds = [...new Set(rules.flatMap((r) => (r.sellerId === undefined ? [] : [r.sellerId])))];
  const classificationIds = [
    ...new Set(rules.flatMap((r) => (r.classificationId === undefined ? [] : [r.classificationId]))),
  ];
  const sellers = sellerIds.length
    ? await tx.select({ id: users.id }).from(users).where(inArray(users.id, sellerIds))
    : [];
  const kinds = classificationIds.length
    ? await tx
        .select({ id: classifications.id })
        .from(classifications)
        .where(inArray(classifications.id, classificationIds))
    : [];
  const knownSellers = new Set(sellers.map((s) => s.id));
  const knownKinds = new Set(kinds.map((c) => c.id));
  rules.forEach((rule, n) => {
    if (rule.sellerId !== undefined && !knownSellers.has(rule.sellerId))
      issues.push({ path: `rules.${n}.sellerId`, message: 'El vendedor de la regla no existe' });
    if (rule.classificationId !== undefined && !knownKinds.has(rule.classificationId))
      issues.push({ path: `rules.${n}.classificationId`, message: 'La clasificación de la regla no existe' });
  });
  if (issues.length) throw badRequest(issues[0]?.message ?? 'Reglas inválidas', issues);
}

/**
 * Replaces every rule with `rules` (PUT /api/company/commission-rules), all or nothing, with one audit
 * entry listing each pair whose percent or base changed. Closed months keep what they stored.
 */
export async function saveRules(
  db: Database,
  rules: CommissionRuleInput[],
  audit: AuditActor,
): Promise<CommissionRule[]> {
  const saved = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.commissionRules})`);
    await assertRules(tx, rules);
    const before = await storedRules(tx);
    await tx.delete(commissionRules);
    if (rules.length)
      await tx.insert(commissionRules).values(
        rules.map((r) => ({
          sellerId: r.sellerId ?? null,
          classificationId: r.classificationId ?? null,
          percent: r.percent,
          base: r.base,
        })),
      );
    const after = await storedRules(tx);
    await record(tx, audit, {
      action: 'update',
      entity: 'commissionRules',
      entityId: null,
      changes: ruleChanges(before, after),
    });
    return after;
  });
  return saved.map(ruleReply);
}
