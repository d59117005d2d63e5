import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import boundaries of eslint.config.mjs, checked on one-line files: each layer of the
// README's Architecture section refuses what it must not import and still accepts what it uses
// today. Then the rules against import circles, overlong source files and API addresses written
// out in front-end code.
const eslint = new ESLint({
  cwd: import.meta.dirname,
  // Only the import rule runs here, so no type information is needed.
  overrideConfig: [{ languageOptions: { parserOptions: { projectService: false } } }],
  ruleFilter: ({ ruleId }) => ruleId === '@typescript-eslint/no-restricted-imports',
});

async function refuses(file: string, specifier: string): Promise<boolean> {
  const [result] = await eslint.lintText(`import { x } from '${specifier}';\nexport const y = x;\n`, {
    filePath: `${import.meta.dirname}/${file}`,
  });
  if (!result) throw new Error(`ESLint returned no result for ${file}`);
  const fatal = result.messages.find((message) => message.fatal);
  if (fatal) throw new Error(fatal.message);
  return result.messages.length > 0;
}

type Case = [file: string, specifier: string];

const REFUSED: Case[] = [
  ['shell/src/main/x.ts', 'api/src/app'],
  ['shell/src/auth/x.ts', '../../../projections/src/index'],
  ['shell/src/auth/x.ts', '@tht/postgres'],
  ['mf-hr/src/dashboard/x.tsx', '@tht/eventstore'],
  ['mf-hr/src/dashboard/x.tsx', '../../../api/src/entries/entries-queries'],
  ['mf-hr/src/dashboard/x.tsx', '../../../mf-employee/src/entries/entriesApi'],
  ['mf-hr/src/dashboard/x.tsx', '../../../shell/src/App'],
  ['shell/src/main/x.ts', '../../../mf-admin/src/panel/AdminPanel'],
  ['packages/ui/src/session/x.ts', '../../../eventstore/src/index'],
  ['packages/ui/src/session/x.ts', 'projections'],
  ['packages/contracts/src/entries/x.ts', '@tht/ui'],
  ['packages/contracts/src/entries/x.ts', '@tht/postgres'],
  ['packages/contracts/src/entries/x.ts', '../../../postgres/src/index'],
  ['packages/contracts/src/entries/x.ts', '../../../../api/src/app'],
  ['packages/eventstore/src/x.ts', 'projections'],
  ['packages/postgres/src/x.ts', '../../../api/src/config'],
  ['api/src/users/x.ts', '../entries/entry-stream'],
  ['api/src/users/x.ts', '../entries/entries-queries'],
  ['api/src/x.ts', './users/users-routes'],
  ['api/src/platform/x.int.test.ts', '../users/users-queries'],
  ['api/src/users/x.ts', '@tht/ui'],
  ['projections/src/users/x.ts', '../entries/entries-projector'],
  ['projections/src/framework/x.ts', '../../../api/src/app'],
  ['api/src/entries/entry-decider.ts', '../platform/handle-command'],
  ['api/src/entries/entry-decider.ts', '../platform/http'],
  ['api/src/targets/target-deciders.ts', '@tht/eventstore'],
  ['api/src/users/account-decider.ts', 'express'],
  ['api/src/users/account-decider.test.ts', '../testing/test-app'],
  ['api/src/platform/context.ts', '../form-fields/form-fields-definitions'],
  ['api/src/platform/x.ts', '../import/import-jobs'],
  ['api/src/platform/x.ts', '../import'],
  ['api/src/auth/principal-cache.ts', '../users/users-queries'],
  ['api/src/auth/x.ts', '../second-factor/second-factor-hold'],
  ['api/src/platform/decider.ts', './http'],
  ['api/src/platform/decider.ts', 'pg'],
  ['api/src/platform/decider-spec.ts', './commands'],
  ['bench/x.ts', '../api/src/auth/passwords'],
  ['bench/support/x.ts', '../../projections/src/framework/testing/sample-history'],
  ['bench/x.ts', '../e2e/src/support/browser'],
  ['e2e/src/support/x.ts', '../../../api/src/testing/request'],
  ['e2e/src/x.ts', 'api/src/config'],
];

const ALLOWED: Case[] = [
  ['shell/src/auth/x.ts', '@tht/ui'],
  ['shell/src/auth/x.ts', '@tht/contracts'],
  ['shell/src/auth/x.ts', '../managers/ManagerTypeahead'],
  ['mf-employee/src/stats/x.ts', '../entries/entriesApi'],
  ['packages/ui/src/session/x.ts', '../api/client'],
  ['packages/contracts/src/entries/x.ts', '../accounts/rules'],
  ['packages/contracts/src/entries/x.ts', 'zod'],
  ['packages/eventstore/src/x.ts', '@tht/postgres'],
  ['api/src/users/x.ts', '../entries'],
  ['api/src/users/x.ts', '../platform/commands'],
  ['api/src/users/x.ts', '../auth/policy'],
  ['api/src/users/x.ts', '../testing/request'],
  ['api/src/users/x.ts', '../config'],
  ['api/src/x.ts', './users'],
  ['api/src/demo.ts', './demo/index'],
  ['api/src/platform/x.ts', 'projections'],
  ['api/src/platform/x.ts', '../auth/principal-cache'],
  ['api/src/platform/x.ts', '../config'],
  ['api/src/auth/x.ts', '../platform/context'],
  ['api/src/platform/x.int.test.ts', '../users'],
  ['api/src/runtime.ts', './as-of'],
  ['projections/src/users/x.ts', '../framework/projector'],
  ['projections/src/org-insights/x.ts', '../entry-contributions/entry-contributions'],
  ['api/src/entries/entry-decider.ts', '../platform/decider'],
  ['api/src/entries/entry-decider.ts', '@tht/contracts'],
  ['api/src/entries/entry-decider.test.ts', '../platform/decider-spec'],
  ['api/src/entries/entry-decider.test.ts', './entry-decider'],
  ['api/src/platform/decider-spec.ts', './decider'],
  ['api/src/platform/decider-spec.ts', 'vitest'],
  ['bench/x.ts', '@tht/test-kit'],
  ['bench/x.ts', 'projections'],
  ['bench/x.ts', './support/load'],
  ['e2e/src/x.ts', '@tht/test-kit'],
  ['e2e/src/x.ts', './support/browser'],
];

describe('import boundaries (eslint.config.mjs)', () => {
  it.each(REFUSED)('%s may not import %s', async (file, specifier) => {
    expect(await refuses(file, specifier)).toBe(true);
  });

  it.each(ALLOWED)('%s may import %s', async (file, specifier) => {
    expect(await refuses(file, specifier)).toBe(false);
  });
});

// A circle needs files on disk that import the linted one: each case lints new text for an
// existing file, whose imports close a circle through the files that import it (or not).
const circles = new ESLint({
  cwd: import.meta.dirname,
  overrideConfig: [{ languageOptions: { parserOptions: { projectService: false } } }],
  ruleFilter: ({ ruleId }) => ruleId === 'local/no-import-circles',
});

async function closesACircle(file: string, code: string): Promise<boolean> {
  const [result] = await circles.lintText(code, { filePath: `${import.meta.dirname}/${file}` });
  if (!result) throw new Error(`ESLint returned no result for ${file}`);
  return result.messages.length > 0;
}

type CircleCase = [file: string, code: string];

const CIRCLES: CircleCase[] = [
  // users-projector.ts imports batch-sql.ts.
  [
    'projections/src/framework/batch-sql.ts',
    "import { usersProjector } from '../users/users-projector';\nexport const y = usersProjector;\n",
  ],
  // Type-only imports close circles too (import-x/no-cycle leaves them out).
  [
    'projections/src/framework/projector.ts',
    "import type { UserRow } from '../users/users-projector';\nexport type Y = UserRow;\n",
  ],
  // So does a lazy `import()`: SortableSections.tsx imports ReorderableList.tsx.
  ['packages/ui/src/layout/ReorderableList.tsx', "export const load = () => import('./SortableSections');\n"],
];

const NO_CIRCLES: CircleCase[] = [
  [
    'projections/src/users/users-projector.ts',
    "import { upsertRows } from '../framework/batch-sql';\nexport const y = upsertRows;\n",
  ],
  ['packages/contracts/src/smt/overview.ts', "import type { SmtTarget } from './responses';\nexport type Y = SmtTarget;\n"],
];

describe('import circles (eslint.config.mjs)', () => {
  it.each(CIRCLES)('%s closes a circle with %j', async (file, code) => {
    expect(await closesACircle(file, code)).toBe(true);
  });

  it.each(NO_CIRCLES)('%s closes no circle with %j', async (file, code) => {
    expect(await closesACircle(file, code)).toBe(false);
  });
});

const lengths = new ESLint({
  cwd: import.meta.dirname,
  overrideConfig: [{ languageOptions: { parserOptions: { projectService: false } } }],
  ruleFilter: ({ ruleId }) => ruleId === 'max-lines',
});

/** `count` lines of code, each with a comment line and a blank line after it. */
const linesOfCode = (count: number) =>
  Array.from({ length: count }, (_, index) => `export const x${index} = ${index};\n// why\n\n`).join('');

async function tooLong(file: string, code: string): Promise<boolean> {
  const [result] = await lengths.lintText(code, { filePath: `${import.meta.dirname}/${file}` });
  if (!result) throw new Error(`ESLint returned no result for ${file}`);
  return result.messages.length > 0;
}

describe('file length (eslint.config.mjs)', () => {
  it('refuses a source file of more than 400 lines of code', async () => {
    expect(await tooLong('api/src/users/x.ts', linesOfCode(401))).toBe(true);
  });

  it('counts neither comments nor blank lines', async () => {
    expect(await tooLong('packages/ui/src/layout/x.tsx', linesOfCode(400))).toBe(false);
  });

  it('lets tests be longer', async () => {
    expect(await tooLong('api/src/users/x.test.ts', linesOfCode(401))).toBe(false);
    expect(await tooLong('e2e/src/x.ts', linesOfCode(401))).toBe(false);
  });
});

const addresses = new ESLint({
  cwd: import.meta.dirname,
  overrideConfig: [{ languageOptions: { parserOptions: { projectService: false } } }],
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax',
});

async function writesAnAddress(file: string, code: string): Promise<boolean> {
  const [result] = await addresses.lintText(code, { filePath: `${import.meta.dirname}/${file}` });
  if (!result) throw new Error(`ESLint returned no result for ${file}`);
  return result.messages.length > 0;
}

type AddressCase = [file: string, code: string];

const ADDRESSES: AddressCase[] = [
  ['shell/src/auth/x.ts', "export const url = '/api/user';\n"],
  ['mf-hr/src/dashboard/x.ts', 'export const url = (year: number) => `/api/hr/stats?year=${year}`;\n'],
  ['packages/ui/src/primitives/x.tsx', 'export const link = <a href="/api/export">Export</a>;\n'],
];

const NO_ADDRESSES: AddressCase[] = [
  ['mf-hr/src/dashboard/x.test.tsx', "export const url = '/api/hr/stats';\n"],
  ['mf-hr/src/testing/x.ts', "export const url = '/api/hr/stats';\n"],
  ['packages/contracts/src/accounts/x.ts', "export const SSO_START_PATH = '/api/auth/oidc/start';\n"],
  ['api/src/users/x.ts', "export const path = '/api/users';\n"],
  ['shell/src/auth/x.ts', "export const page = '/apiary';\n"],
];

describe('addresses of the API in front-end code (eslint.config.mjs)', () => {
  it.each(ADDRESSES)('%s may not write %j', async (file, code) => {
    expect(await writesAnAddress(file, code)).toBe(true);
  });

  it.each(NO_ADDRESSES)('%s may write %j', async (file, code) => {
    expect(await writesAnAddress(file, code)).toBe(false);
  });
});
