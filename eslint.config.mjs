// ESLint for every JavaScript file of ours: the page's (web/platform: page.js before the
// module, library.js that the C++ calls, the service worker) and the tests' and scripts'
// (node). scripts/test runs it; `npx eslint` alone checks the same files.
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['build/**', 'third_party/**', 'node_modules/**', 'artifacts/**'] },
  js.configs.recommended,
  {
    rules: {
      // `catch (e) {}` where a failure is expected and harmless (storage a browser refuses).
      'no-unused-vars': ['error', { caughtErrors: 'none' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['web/platform/page.js'],
    // It sets up Module (window.Module) for the module, which reads it when it starts.
    languageOptions: { sourceType: 'script', globals: { ...globals.browser, Module: 'writable' } },
  },
  {
    // An Emscripten JS library: its functions run inside the module, beside the runtime's own.
    files: ['web/platform/library.js'],
    languageOptions: {
      sourceType: 'script',
      globals: {
        ...globals.browser, mergeInto: 'readonly', LibraryManager: 'readonly', Module: 'readonly',
        UTF8ToString: 'readonly', allocateUTF8: 'readonly', _malloc: 'readonly', HEAPU8: 'readonly', HEAP32: 'readonly',
      },
    },
  },
  {
    files: ['web/platform/sw.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
  },
  {
    // Node, and functions the browser tests hand to the page (page.evaluate) run in the page.
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module', globals: { ...globals.node, ...globals.browser } },
  },
];
