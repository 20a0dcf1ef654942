// The money rule of docs/decisions/0048-one-money-mapper.md, as a function of the sources so that
// tests/unit/check-money.test.ts can try it on fake ones; scripts/check-money.mjs runs it on src/.

/** Where numbers from the database are used: they arrive converted, by src/server/db/money.ts. */
export const SCOPE = ['server/modules/', 'server/lib/', 'server/demo/'];

/** What converts a value by hand (a row's amount, count or rate): each is a second road to the API's number. */
const AD_HOC = [
  { pattern: /\bNumber\(/g, what: 'Number(...)' },
  { pattern: /\bparseFloat\(/g, what: 'parseFloat(...)' },
  { pattern: /\bparseInt\(/g, what: 'parseInt(...)' },
  { pattern: /\.mapWith\(/g, what: '.mapWith(...)' },
  // A unary plus: after an operator, an opening bracket or `return`, never after a value (an
  // addition) nor at a line's start (in SQL text, `+` there adds).
  { pattern: /(?:[=(,:?&|![;]|\breturn|=>)\s*\+(?![+=])\s*[\w$(]/g, what: 'a unary +' },
];

/**
 * The conversions that are not of a database value, each with its reason: text from a URL, a header,
 * a notification or a clock, and the export's cells (which format what their column hands them).
 * An entry matches a line of its file that contains `code`.
 */
export const ALLOWED = [
  {
    file: 'server/modules/sales/routes.ts',
    code: 'Number(match[1])',
    why: 'the version in an If-Match header',
  },
  {
    file: 'server/modules/sales/list-filters.ts',
    code: 'Number(number)',
    why: 'a sale number typed in the search',
  },
  { file: 'server/modules/auth/sessions.ts', code: 'Number(payload)', why: 'a user id in a NOTIFY payload' },
  {
    file: 'server/modules/invoices/service.ts',
    code: 'Number(issueDate.slice(0, 4))',
    why: "the year of today's date",
  },
  {
    file: 'server/modules/dte/caf.ts',
    code: 'Number(digits)',
    why: "a folio number of a CAF file's text",
  },
  {
    file: 'server/lib/export/columns.ts',
    code: 'Number(formatter.formatToParts',
    why: "a clock's date parts",
  },
  {
    file: 'server/lib/export/columns.ts',
    code: ': Number(value)',
    why: 'a cell formats the number or decimal text its column gives',
  },
];

/** Comments blanked (line breaks kept, so line numbers hold): a comment may name what it forbids. */
const withoutComments = (text) =>
  text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (comment) => comment.replace(/[^\n]/g, ' '));

/**
 * Every ad hoc conversion in `sources` (path under src/ -> text) inside SCOPE and not ALLOWED, as
 * { file, line, what }.
 */
export function checkMoney(sources) {
  const problems = [];
  for (const [file, text] of Object.entries(sources)) {
    if (!SCOPE.some((dir) => file.startsWith(dir))) continue;
    const allowed = ALLOWED.filter((a) => a.file === file);
    withoutComments(text)
      .split('\n')
      .forEach((source, index) => {
        if (allowed.some((a) => source.includes(a.code))) return;
        for (const { pattern, what } of AD_HOC) {
          if (source.match(pattern)) problems.push({ file, line: index + 1, what });
        }
      });
  }
  return problems;
}

/** The message of one problem, as `npm run lint` prints it. */
export const describe = ({ file, line, what }) =>
  `src/${file}:${line}: ${what} converts a value by hand; use moneyValue/toMoney/rateValue/countValue/toCount from src/server/db/money.ts`;
