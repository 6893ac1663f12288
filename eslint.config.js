// `npm run lint` (and the first step of `npm test`): the recommended JavaScript, TypeScript and
// React hooks rules, and the layers of docs/architecture.md checked on every import.
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** The sub-folders of `dir`: features, or the areas of the admin feature. */
function foldersIn(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
}

// A feature imports no other feature; inside admin, an area (results, live…) imports no other
// area: what they share lives in admin/components.
const featureZones = [
  ...foldersIn('src/features').map((feature) => ({
    target: `src/features/${feature}`,
    from: 'src/features',
    except: [`./${feature}`],
    message: 'A feature imports no other feature: share through src/domain, src/lib or src/config.',
  })),
  ...foldersIn('src/features/admin')
    .filter((area) => area !== 'components')
    .map((area) => ({
      target: `src/features/admin/${area}`,
      from: 'src/features/admin',
      except: [`./${area}`, './components'],
      message: 'Admin areas share only through src/features/admin/components.',
    })),
]

const layerZones = [
  {
    target: 'src/domain',
    from: ['src/app', 'src/features', 'src/lib', 'src/config', 'machines'],
    message: 'src/domain is pure: it imports only itself.',
  },
  {
    target: 'src/config',
    from: ['src', 'machines'],
    except: ['./config'],
    message: 'src/config holds settings and imports nothing.',
  },
  { target: 'src/lib', from: ['src/app', 'src/features', 'machines'], message: 'src/lib is below the features and machines.' },
  { target: 'src/features', from: 'src/app', message: 'The app imports features, never the other way round.' },
  { target: 'machines', from: 'src', except: ['./domain'], message: 'Machines import only xstate and src/domain.' },
  { target: 'supabase/local', from: 'src', message: 'The local stack imports nothing from src/.' },
]

/** Packages with I/O or a UI, which the pure layers must not import. */
const ioPackages = [
  'dexie',
  'dexie-react-hooks',
  '@supabase/*',
  'react',
  'react-dom',
  'react-dom/*',
  'react-router-dom',
  '@xstate/react',
  'workbox-window',
]

export default tseslint.config(
  { ignores: ['dist/', 'dev-dist/', 'node_modules/', 'coverage/', '.prof-tmp/', 'src/lib/api/database.types.ts'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...featureZones, ...layerZones] }],
      // A leading underscore says "deliberately unused" (e.g. a field left out of a `...rest`).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/domain/**', 'src/config/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ioPackages, message: 'src/domain and src/config do no I/O and render nothing.' }] },
      ],
    },
  },
  {
    files: ['machines/**'],
    ignores: ['machines/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!xstate$|\\.)',
              message: 'Machines import only xstate and src/domain; I/O comes in through injected actors.',
            },
          ],
        },
      ],
    },
  },
)
