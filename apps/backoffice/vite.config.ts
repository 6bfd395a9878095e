/// <reference types="vitest/config" />
// Back-office SPA build: served by the API server under /backoffice/ (docs/api.md "Static files"), hashed
// assets in dist/assets/ with pre-compressed .br and .gz copies next to them.
import { defineConfig, type Plugin, type ResolvedConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const appRoot = fileURLToPath(new URL('.', import.meta.url));
const englishPath = resolve(appRoot, '../../locales/backoffice/en.json');

/** Writes a .br and a .gz copy of every text asset once the bundle is on disk. */
function precompress(): Plugin {
  let outDir = '';
  const compressible = /\.(?:js|css|html|svg)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return walk(path);
      return compressible.test(entry.name) ? [path] : [];
    });
  return {
    name: 'kyc-precompress',
    apply: 'build',
    configResolved(config: ResolvedConfig) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        const content = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
      }
    },
  };
}

/**
 * The page title before the translations arrive comes from the English source file, so that index.html
 * holds no hand-written text; the app replaces it with the translated title once i18next is ready.
 */
function titleFromEnglish(): Plugin {
  return {
    name: 'kyc-backoffice-title',
    transformIndexHtml(html) {
      const english = JSON.parse(readFileSync(englishPath, 'utf8')) as { app: { title: string } };
      const escaped = english.app.title.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
      return html.replace('%APP_TITLE%', escaped);
    },
  };
}

export default defineConfig({
  root: appRoot,
  base: '/backoffice/',
  plugins: [react(), titleFromEnglish(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    rolldownOptions: {
      // @kyc/contracts is constants and pure functions, but its package.json does not say so; without
      // this its zod schemas (built at module level) keep the whole zod runtime (~24 kB gzip) in the
      // bundle even though the back office uses none of them.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/packages/contracts/') },
      // Libraries in their own long-lived chunks: a release that changes only our code keeps them cached.
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /[\\/]node_modules[\\/]react-router[\\/]/ },
            {
              name: 'i18n',
              test: /[\\/]node_modules[\\/](?:i18next|react-i18next|i18next-http-backend)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    // `vite` during development: the API, the translations and the rest of the portal come from the server.
    proxy: {
      '/backoffice/api': 'http://127.0.0.1:8080',
      '/common-static': 'http://127.0.0.1:8080',
    },
  },
  test: {
    name: 'backoffice',
    root: appRoot,
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
