import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import boundaries of eslint.config.mjs, checked on one-line files: each layer of
// ARCHITECTURE.md refuses what it must not import and still accepts what it uses today.
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
  ['api/src/users/x.ts', '@tht/ui'],
  ['projections/src/users/x.ts', '../entries/entries-projector'],
  ['projections/src/framework/x.ts', '../../../api/src/app'],
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
  ['api/src/users/x.ts', '../entries/entries-queries'],
  ['api/src/users/x.ts', '../platform/commands'],
  ['api/src/users/x.ts', '../auth/policy'],
  ['api/src/users/x.ts', '../testing/request'],
  ['api/src/users/x.ts', '../config'],
  ['api/src/x.ts', './users/users-routes'],
  ['api/src/platform/x.ts', 'projections'],
  ['projections/src/users/x.ts', '../framework/projector'],
];

describe('import boundaries (eslint.config.mjs)', () => {
  it.each(REFUSED)('%s may not import %s', async (file, specifier) => {
    expect(await refuses(file, specifier)).toBe(true);
  });

  it.each(ALLOWED)('%s may import %s', async (file, specifier) => {
    expect(await refuses(file, specifier)).toBe(false);
  });
});
