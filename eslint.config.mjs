import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import svelte from 'eslint-plugin-svelte'
import prettier from 'eslint-config-prettier'
import globals from 'globals'
import svelteConfig from './svelte.config.mjs'

// Bare specifiers only: a relative './events' is our own module, not Node's.
const NODE_BUILTINS =
  '^(node:.*|fs|fs/promises|path|os|http|https|http2|crypto|child_process|url|util|stream|worker_threads|net|tls|dns|events|buffer|zlib|module|process|better-sqlite3|keytar)$'

/** Layer rules (architecture.md): each folder may import only what its runtime offers. */
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })
const noElectron = {
  regex: '^electron(/.*)?$',
  message: 'Only src/main/shell, the Electron entry and the preload import electron.'
}
const noNode = {
  regex: NODE_BUILTINS,
  message: 'src/shared and the renderer may not import Node modules.'
}
const noMain = {
  regex: '(^|/)(main|emulator)(/|$)',
  message: 'The renderer reaches main only through the typed contract.'
}
/** The main process by feature (architecture.md): features meet only through each other's index.ts. */
const FEATURES = ['account', 'catalogue', 'collection', 'sync', 'exchange', 'report', 'views']
const noApp = {
  regex: '^(\\.\\./)+app(/|$)',
  message: 'Nothing imports app/: it composes the features, they do not call back into it.'
}
const onlyPublicFaceOf = (own) => ({
  regex: `^(\\.\\./)+(${FEATURES.filter((f) => f !== own).join('|')})/(?!index$).+`,
  message: 'Another feature is reached only through its index.ts (its public face).'
})
const noFeatures = {
  regex: `^(\\.\\./)+(app|${FEATURES.join('|')})(/|$)`,
  message: 'store/, service/, credentials/ and ipc/ sit below the features and may not import them.'
}
/** `client.call('v2', 'getThemes', …)` or `client.call(service, 'getSets', …)`. */
const STRINGLY_CALL =
  "CallExpression[callee.property.name='call']:matches([arguments.0.value=/^(v2|v3|legacy)$/], [arguments.1.type='Literal'])"
const noDomGlobals = [
  'window',
  'document',
  'navigator',
  'localStorage',
  'HTMLElement',
  'fetch'
].map((name) => ({
  name,
  message: 'src/shared depends on nothing: no DOM or host globals.'
}))
const stringlyCall = {
  selector: STRINGLY_CALL,
  message: 'Use the typed call (client.v2.getThemes(…)), not client.call by name.'
}
/**
 * Every trust boundary parses (issue #31): text from a file, a row or the network becomes a type
 * through a zod schema (src/shared/parse-json.ts), never by a cast that only tells the compiler so.
 * That one file is allowed the casts, so one that truly cannot be avoided has a single home.
 */
const JSON_CASTS_HOME = 'src/shared/parse-json.ts'
const JSON_PARSE = "CallExpression[callee.object.name='JSON'][callee.property.name='parse']"
const noCasts = [
  {
    selector: `:matches(TSAsExpression, TSTypeAssertion) > ${JSON_PARSE}.expression`,
    message:
      'Parse, do not cast: check JSON with a zod schema (parseJson / readStoredJson in src/shared/parse-json.ts), or take it as `const v: unknown = JSON.parse(text)` and narrow it.'
  },
  {
    selector:
      'TSAsExpression > TSAsExpression.expression > :matches(TSUnknownKeyword, TSAnyKeyword).typeAnnotation',
    message:
      '`as unknown as T` tells the compiler a type nothing checked: parse the value (zod), narrow it, or type it where it is made.'
  }
]
/**
 * A value from a channel module brings its zod schemas into the page, and zod's probe for eval is
 * a violation of the page's CSP. Constants the page needs live in src/shared/model.
 */
const channelValues = {
  selector: "ImportDeclaration[importKind='value'][source.value=/shared\\/ipc\\/channels\\//]",
  message: 'The renderer takes only types from src/shared/ipc/channels (use import type).'
}

export default tseslint.config(
  {
    ignores: ['out/**', 'dist/**', 'node_modules/**', '.tools/**', 'test-results/**', 'coverage/**']
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...svelte.configs.recommended,
  prettier,
  ...svelte.configs.prettier,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        extraFileExtensions: ['.svelte'],
        tsconfigRootDir: import.meta.dirname
      }
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'separate-type-imports' }
      ],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true }
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }
      ]
    }
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      globals: globals.browser,
      parserOptions: { parser: tseslint.parser, svelteConfig }
    },
    rules: { 'svelte/button-has-type': 'error', 'svelte/no-at-html-tags': 'error' }
  },
  {
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      globals: globals.node,
      parserOptions: { projectService: false, project: null }
    }
  },
  {
    files: ['src/shared/**'],
    rules: {
      ...restrict([noElectron, noNode]),
      'no-restricted-globals': ['error', ...noDomGlobals]
    }
  },
  { files: ['src/renderer/**'], rules: restrict([noElectron, noNode, noMain]) },
  {
    files: ['src/main/**', 'src/emulator/**'],
    ignores: ['src/main/shell/**', 'src/main/index.ts'],
    rules: restrict([noElectron])
  },
  { files: ['src/preload/**'], rules: restrict([noNode, noMain]) },
  ...FEATURES.map((f) => ({
    files: [`src/main/${f}/**`],
    rules: restrict([noElectron, noApp, onlyPublicFaceOf(f)])
  })),
  {
    files: ['src/main/{store,service,credentials,ipc}/**'],
    rules: restrict([noElectron, noFeatures])
  },
  {
    // The typed calls are derived from the operation table; a call by name skips those types.
    files: ['src/**/*.ts', 'src/**/*.svelte'],
    rules: {
      'no-restricted-syntax': ['error', stringlyCall, ...noCasts]
    }
  },
  {
    files: ['src/main/service/**'],
    rules: { 'no-restricted-syntax': ['error', ...noCasts] }
  },
  {
    files: ['src/renderer/**'],
    rules: { 'no-restricted-syntax': ['error', stringlyCall, channelValues, ...noCasts] }
  },
  {
    files: [JSON_CASTS_HOME],
    rules: { 'no-restricted-syntax': ['error', stringlyCall] }
  }
)
