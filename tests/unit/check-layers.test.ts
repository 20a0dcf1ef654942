// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkLayers, type LayerImport } from '../../scripts/layer-rules.mjs';

/** A fake source tree: each file with the files it imports (paths under src/, as the checker sees them). */
function check(graph: Record<string, string[]>) {
  const files = Object.keys(graph);
  const imports: LayerImport[] = Object.entries(graph).flatMap(([from, targets]) =>
    targets.map((target) => ({ from, specifier: `./${target}`, target: target.replace(/\.tsx?$/, '') })),
  );
  return checkLayers(files, imports);
}

describe('layer rules (scripts/check-layers.mjs)', () => {
  it('passes a graph that follows the rules', () => {
    expect(
      check({
        'server/modules/auth/service.ts': ['server/modules/users/index.ts', 'server/lib/http-errors.ts'],
        'server/modules/users/index.ts': ['server/modules/audit/index.ts'],
        'server/modules/audit/index.ts': ['server/db/client.ts'],
        'server/lib/http-errors.ts': [],
        'server/db/client.ts': [],
        'web/features/sales/SaleForm.tsx': ['web/components/ui/Button.tsx', 'web/lib/cn.ts'],
        'web/components/ui/Button.tsx': ['web/lib/cn.ts'],
        'web/lib/cn.ts': [],
      }),
    ).toEqual([]);
  });

  it.each([
    ['server/lib/crud-routes.ts', 'server/modules/audit/index.ts', 'the helpers are below the modules'],
    [
      'server/modules/users/service.ts',
      'server/modules/auth/index.ts',
      'auth uses users, never the other way',
    ],
    [
      'web/lib/use-record-list.ts',
      'web/features/clients/index.ts',
      'shared hooks and helpers know no feature',
    ],
    ['web/components/ui/Menu.tsx', 'web/auth/index.ts', 'shared UI parts are below auth'],
  ])('reports %s importing %s', (from, to, why) => {
    const problems = check({ [from]: [to], [to]: [] });
    expect(problems).toContainEqual({ from, specifier: `./${to}`, why: expect.stringContaining(why) });
  });

  it('reports a cycle between files, with the way back', () => {
    const problems = check({
      'domain/payments.ts': ['domain/payment-replies.ts'],
      'domain/payment-replies.ts': ['domain/status.ts'],
      'domain/status.ts': ['domain/payments.ts'],
      'domain/money.ts': [],
    });
    expect(problems).toContainEqual({
      from: 'domain/status.ts',
      specifier: './domain/payments.ts',
      why: 'import cycle domain/status.ts -> domain/payments.ts -> domain/payment-replies.ts -> domain/status.ts',
    });
    expect(problems.map((problem) => problem.from).sort()).toEqual([
      'domain/payment-replies.ts',
      'domain/payments.ts',
      'domain/status.ts',
    ]);
  });

  it('reports a cycle between folders even when no file cycle exists', () => {
    const problems = check({
      'web/lib/use-leave-guard.tsx': ['web/components/ui/Button.tsx'],
      'web/components/ui/Button.tsx': ['web/lib/cn.ts'],
      'web/lib/cn.ts': [],
    });
    expect(problems).toEqual([
      {
        from: 'web/lib/use-leave-guard.tsx',
        specifier: './web/components/ui/Button.tsx',
        why: 'folder cycle web/lib -> web/components -> web/lib',
      },
      {
        from: 'web/components/ui/Button.tsx',
        specifier: './web/lib/cn.ts',
        why: 'folder cycle web/components -> web/lib -> web/components',
      },
    ]);
  });

  it('tells two features or two modules apart in a folder cycle', () => {
    const problems = check({
      'web/features/audit/AuditEntryItem.tsx': ['web/features/company/index.ts'],
      'web/features/company/index.ts': ['web/features/company/CompanySettingsPage.tsx'],
      'web/features/company/CompanySettingsPage.tsx': ['web/features/audit/index.ts'],
      'web/features/audit/index.ts': ['web/features/audit/AuditSection.tsx'],
      'web/features/audit/AuditSection.tsx': [],
    });
    expect(problems.map((problem) => problem.why)).toEqual([
      'folder cycle web/features/audit -> web/features/company -> web/features/audit',
      'folder cycle web/features/company -> web/features/audit -> web/features/company',
    ]);
  });

  it('resolves an import without extension or of a folder to its file', () => {
    const problems = checkLayers(
      ['server/lib/a.ts', 'server/modules/audit/index.ts'],
      [
        { from: 'server/lib/a.ts', specifier: '../modules/audit', target: 'server/modules/audit' },
        { from: 'server/modules/audit/index.ts', specifier: '../../lib/a', target: 'server/lib/a' },
      ],
    );
    expect(problems.map((problem) => problem.why)).toEqual([
      expect.stringContaining('the helpers are below the modules'),
      'import cycle server/lib/a.ts -> server/modules/audit/index.ts -> server/lib/a.ts',
      'import cycle server/modules/audit/index.ts -> server/lib/a.ts -> server/modules/audit/index.ts',
      'folder cycle server/lib -> server/modules/audit -> server/lib',
      'folder cycle server/modules/audit -> server/lib -> server/modules/audit',
    ]);
  });
});
