// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/**
 * A clone is all the next engineer has: nothing may point at the design document or the spec outside
 * the repository, nor at an issue tracker a clone cannot open. Facts are cited from docs/product.md or
 * a decision instead. The pattern is assembled so that this file does not match itself.
 */
const OUTSIDE = new RegExp(['DESIGN\\.md', '\\.\\./shared', '[Ii]ssue [0-9]'].join('|'));
const ROOTS = ['src', 'tests', 'docs', 'migrations', 'README.md'];

function filesUnder(root: string): string[] {
  if (!statSync(root).isDirectory()) return [root];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

it('cites nothing outside the repository', () => {
  const found = ROOTS.flatMap(filesUnder).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) => (OUTSIDE.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );
  expect(found).toEqual([]);
});
