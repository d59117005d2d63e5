// The house rules that a linter can hold: type-aware TypeScript checks, the rules of hooks in the
// front ends, the layers of the README's Architecture section as import boundaries, no import
// circles, source files of a readable size and front ends that call the API through its route
// table. `npm run lint` runs it.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { noImportCircles } from './eslint-rules/no-import-circles.mjs';

const TESTS = ['**/*.test.{ts,tsx}', '**/testing/**', 'e2e/**', 'packages/test-kit/**'];
const FRONT_ENDS = ['shell/**', 'mf-*/**', 'packages/ui/**'];
const REMOTES = ['mf-admin', 'mf-employee', 'mf-hr', 'mf-manager', 'mf-smt'];

/** An import of one of these packages or workspaces by name (`@tht/postgres`, `api/src/x`). */
const named = (names) => `^(${names.join('|')})(/|$)`;
/** A relative import that climbs out of its folder into one of these folders (`../../api/src/x`). */
const climbsInto = (folders) => `^(\\.\\./)+(${folders.join('|')})(/|$)`;
/** Either of two import patterns. */
const either = (a, b) => `${a}|${b}`;

const SERVER_ONLY = [
  {
    regex: either(
      named(['api', 'projections', '@tht/postgres', '@tht/eventstore']),
      climbsInto(['api/src', 'projections/src', '(packages/)?postgres/src', '(packages/)?eventstore/src']),
    ),
    message: 'Server code: a front end talks to the API over HTTP (packages/ui api client) and shares only @tht/contracts.',
  },
];

const FRONT_END_ONLY = [
  {
    regex: either(
      named(['@tht/ui', '@tht/webpack-config', 'shell', 'mf-[a-z]+']),
      climbsInto(['(packages/)?ui/src', 'shell', 'mf-[a-z]+']),
    ),
    message: 'Front-end code: the server shares only @tht/contracts with the browser.',
  },
];

/** The source of another front end: remotes are built and deployed alone, and the shell loads them at run time. */
const otherFrontEnds = (own) => {
  const others = ['shell', ...REMOTES].filter((name) => name !== own);
  return [
    {
      regex: either(named(others), climbsInto(others)),
      message: 'Each front end is built and deployed alone: share code through packages/ui or packages/contracts.',
    },
  ];
};

const APPLICATIONS = {
  regex: either(named(['api', 'projections']), climbsInto(['api', 'projections'])),
  message: 'A shared package does not depend on the applications that use it.',
};

const API = {
  regex: either(named(['api']), climbsInto(['api'])),
  message: 'Projections read the event log only; the API depends on them, never the reverse.',
};

// bench/ and e2e/ use the product from outside, as an operator and a browser do: through the test
// kit, the public packages and the product's HTTP API, never its sources nor each other's files.
const fromOutside = (neighbour) => ({
  regex: either(named(['api', 'projections/src', neighbour]), climbsInto(['api', 'projections/src', neighbour])),
  message:
    'Outside the product: use @tht/test-kit, the public packages (@tht/contracts, @tht/postgres, @tht/eventstore, ' +
    `projections) and the product's HTTP API, not api/src, projections/src or ${neighbour}/.`,
});

// In api/src/<feature>/, another feature is used only through its index.ts, the public surface it
// chose (`import { findUserById } from '../users'`); its files are its internals. platform/, auth/,
// testing/ and openapi/ are shared by all. The composition root (api/src/*.ts) follows the same rule.
const API_FEATURE_INTERNALS = {
  regex: '^\\.\\./(?!(platform|auth|testing|openapi)/)[a-z-]+/',
  message: "Another feature's internals: import from its index.ts (`../<feature>`), or move what is shared to api/src/platform/.",
};
const COMPOSITION_ROOT_FEATURE_INTERNALS = {
  regex: '^\\./(?!(platform|auth|testing|openapi)/)[a-z-]+/(?!index$)',
  message: "A feature's internals: import from its index.ts (`./<feature>`).",
};

// platform/ and auth/ serve every feature and name none: a feature registers what it adds with
// them (its AppContext field by `declare module`, its services, migrations and hooks in the
// composition root api/src/runtime.ts). Their tests may drive the whole product.
const SHARED_NAMES_NO_FEATURE = {
  regex: '^\\.\\./(?!(platform|auth|openapi)/|config$)[a-z-]+(/|$)',
  message:
    'platform/ and auth/ name no feature: let the feature register with them (an AppContext field, ' +
    'wired in api/src/runtime.ts).',
};

// A projector owns its read-model tables: projections/src/<feature>/ uses only the framework and
// entry-contributions/ (what a training entry adds to the sums kept of it).
const PROJECTOR_INTERNALS = {
  regex: '^\\.\\./(?!framework/|entry-contributions/)[a-z-]+/',
  message: "A projector owns its tables and does not use another projector's code; share through framework/.",
};

// A decider decides on its own (platform/decider.ts): from @tht/contracts, the kernel and its own
// feature's files, never from what stores, serves or answers HTTP; its command handler does that.
const outsidePureImports = '^(?!@tht/contracts$|vitest$|\\.)';
const pureDecider = (relativeOutside) => ({
  regex: either(outsidePureImports, relativeOutside),
  message:
    'A decider is pure: it imports only platform/decider (its spec also platform/decider-spec and vitest), @tht/contracts ' +
    'and its own feature; loading, appending and HTTP statuses belong to the handler (platform/handle-command, platform/http).',
});
const DECIDERS = [
  'api/src/*/*-decider.ts',
  'api/src/*/*-deciders.ts',
  'api/src/*/*-decider.test.ts',
  'api/src/*/*-deciders.test.ts',
];
const DECIDER_KERNEL = ['api/src/platform/decider.ts', 'api/src/platform/decider-spec.ts'];

const restrictImports = (...patterns) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
});

export default defineConfig(
  globalIgnores(['**/dist/', '**/node_modules/', '.data/', '**/.data/', 'coverage/', 'e2e/artifacts/', '**/.vitest-*/', '.cache/']),

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.mjs', 'packages/*/vitest.config.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        // React Router's navigate returns a promise only inside a data router; the shell uses <BrowserRouter>.
        { allowForKnownSafeCalls: [{ from: 'package', package: 'react-router', name: 'NavigateFunction' }] },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      // `declare global { namespace Express ... }` is how Express's request types are extended.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
    },
  },

  // No import circles (./eslint-rules/no-import-circles.mjs).
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { local: { rules: { 'no-import-circles': noImportCircles(`${import.meta.dirname}/tsconfig.json`) } } },
    rules: { 'local/no-import-circles': 'error' },
  },
  // Source files that read in one sitting: past 400 lines of code a file holds several things, each
  // better in a file of its own. Tests are exempt (a feature's cases stay together).
  {
    files: ['**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }] },
  },

  // Plain JavaScript (webpack configs, this file): no type information.
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
  },
  // The API reference page's start script runs in the browser after swagger-ui-dist's bundle.
  {
    files: ['api/src/openapi/docs-page/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser, SwaggerUIBundle: 'readonly' } },
  },

  // Tests send deliberately malformed input and read untyped response bodies; their fakes stand in
  // for async APIs without awaiting anything.
  {
    files: TESTS,
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },

  // Front ends: the rules of hooks (and the React Compiler's checks) and browser globals.
  {
    files: FRONT_ENDS.map((folder) => `${folder.replace('/**', '')}/src/**/*.{ts,tsx}`),
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/exhaustive-deps': 'error',
      // Only informs that the React Compiler would skip a component; this project does not run the compiler.
      'react-hooks/incompatible-library': 'off',
    },
  },

  // Front ends call the API through the route table (callRoute, useRead, useWrite; pathOf or urlOf
  // for a link the browser follows), never by an address written out.
  {
    files: FRONT_ENDS.map((folder) => `${folder}/*.{ts,tsx}`),
    ignores: TESTS,
    rules: {
      'no-restricted-syntax': [
        'error',
        // esquery's regular expressions end at the first '/': \x2F stands for it.
        ...['Literal[value=/^\\x2Fapi\\x2F/]', 'TemplateElement[value.raw=/^\\x2Fapi\\x2F/]'].map((selector) => ({
          selector,
          message: 'Call the API through its route in @tht/contracts (callRoute, useRead, useWrite, pathOf), not by its address.',
        })),
      ],
    },
  },

  // The layers of the README's Architecture section: contracts shared by all, server packages, front ends.
  {
    files: ['packages/contracts/**/*.ts'],
    rules: restrictImports({
      regex: either(
        named(['@tht/[a-z-]+', 'api', 'projections', 'shell', 'e2e', 'bench', 'mf-[a-z]+']),
        climbsInto([
          '(packages/)?(ui|postgres|eventstore|webpack-config)',
          'api',
          'projections',
          'shell',
          'e2e',
          'bench',
          'mf-[a-z]+',
        ]),
      ),
      message: 'packages/contracts is shared by every workspace and imports none of them.',
    }),
  },
  {
    files: ['packages/ui/**/*.{ts,tsx}'],
    rules: restrictImports(...SERVER_ONLY, ...otherFrontEnds()),
  },
  ...['shell', ...REMOTES].map((frontEnd) => ({
    files: [`${frontEnd}/**/*.{ts,tsx}`],
    rules: restrictImports(...SERVER_ONLY, ...otherFrontEnds(frontEnd)),
  })),
  {
    files: ['packages/postgres/**/*.ts', 'packages/eventstore/**/*.ts'],
    rules: restrictImports(APPLICATIONS, ...FRONT_END_ONLY),
  },
  {
    files: ['projections/**/*.ts'],
    rules: restrictImports(API, ...FRONT_END_ONLY),
  },
  {
    files: ['projections/src/*/**/*.ts'],
    ignores: ['projections/src/framework/**'],
    rules: restrictImports(PROJECTOR_INTERNALS, API, ...FRONT_END_ONLY),
  },
  {
    files: ['api/**/*.ts'],
    rules: restrictImports(...FRONT_END_ONLY),
  },
  {
    files: ['api/src/*.ts'],
    rules: restrictImports(COMPOSITION_ROOT_FEATURE_INTERNALS, ...FRONT_END_ONLY),
  },
  {
    files: ['api/src/*/**/*.ts'],
    rules: restrictImports(API_FEATURE_INTERNALS, ...FRONT_END_ONLY),
  },
  {
    files: ['api/src/platform/**/*.ts', 'api/src/auth/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrictImports(SHARED_NAMES_NO_FEATURE, API_FEATURE_INTERNALS, ...FRONT_END_ONLY),
  },
  {
    files: ['bench/**/*.ts'],
    rules: restrictImports(fromOutside('e2e')),
  },
  {
    files: ['e2e/**/*.ts'],
    rules: restrictImports(fromOutside('bench')),
  },
  {
    files: DECIDERS,
    rules: restrictImports(pureDecider('^\\.\\./(?!platform/decider(-spec)?$)')),
  },
  {
    files: DECIDER_KERNEL,
    rules: restrictImports(pureDecider('^\\.\\.?/(?!decider$)')),
  },
);
