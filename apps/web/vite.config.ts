// Build of the end-user SPA (mounted at /user/accounts/) and of the sign-in page the server serves at
// /login; outside production builds (KYC_PRODUCTION_BUILD=1) also of the component gallery, which the
// server serves at /user/accounts/gallery/. Every asset is hashed under dist/assets/ and also written
// pre-compressed (.br, .gz) because the server serves static files pre-compressed and never compresses
// on the fly.
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('.', import.meta.url));
/** The component gallery (gallery.html, src/gallery) is built everywhere except in production builds. */
const withGallery = process.env.KYC_PRODUCTION_BUILD !== '1';
const outDir = join(root, 'dist');
const COMPRESSIBLE = /\.(?:js|css|html|svg)$/;

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

/** Writes file.br (quality 11) and file.gz (level 9) next to every js/css/html/svg file of the build. */
function precompress(): Plugin {
  let dir = outDir;
  return {
    name: 'kyc-precompress',
    apply: 'build',
    configResolved(config) {
      dir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(dir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const source = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
        );
      }
    },
  };
}

/**
 * The liveness challenge's two face-api models (issue 19, D116: the tiny face detector and the tiny
 * 68-point landmarks, MIT, shipped in @vladmandic/face-api's model/), copied from node_modules into the
 * build, so the browser reads them from our own origin and never from a CDN. Under assets/ (the server
 * serves it, immutable) in a folder named by the package's version: a manifest names its .bin, so the
 * files keep their names and a new version gets a new folder.
 */
const faceApiDir = dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json'));
const faceApiVersion = (
  JSON.parse(readFileSync(join(faceApiDir, 'package.json'), 'utf8')) as { version: string }
).version;
const LIVENESS_MODELS_DIR = `assets/liveness-models-${faceApiVersion}/`;
const LIVENESS_MODELS = [
  'tiny_face_detector_model-weights_manifest.json',
  'tiny_face_detector_model.bin',
  'face_landmark_68_tiny_model-weights_manifest.json',
  'face_landmark_68_tiny_model.bin',
];
function livenessModels(): Plugin {
  return {
    name: 'kyc-liveness-models',
    apply: 'build',
    generateBundle() {
      for (const name of LIVENESS_MODELS)
        this.emitFile({
          type: 'asset',
          fileName: `${LIVENESS_MODELS_DIR}${name}`,
          source: readFileSync(join(faceApiDir, 'model', name)),
        });
    },
  };
}

export default defineConfig({
  root,
  base: '/user/accounts/',
  plugins: [react(), livenessModels(), precompress()],
  // lib/i18n/missing-keys: outside production builds a missing translation key is reported (console
  // error and <html data-missing-i18n>), which the e2e axe matrix checks.
  define: {
    'import.meta.env.KYC_REPORT_MISSING_KEYS': JSON.stringify(withGallery),
    'import.meta.env.KYC_LIVENESS_MODELS': JSON.stringify(LIVENESS_MODELS_DIR),
  },
  build: {
    outDir,
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    manifest: true,
    // Never inline SVGs as data: URLs (a strict Content-Security-Policy may refuse them); small raster
    // assets keep Vite's default.
    assetsInlineLimit: (file: string) => (file.endsWith('.svg') ? false : undefined),
    rolldownOptions: {
      input: {
        index: join(root, 'index.html'),
        login: join(root, 'login.html'),
        ...(withGallery ? { gallery: join(root, 'gallery.html') } : {}),
      },
      // The contracts package re-exports its zod schemas from its index; they are only needed by the
      // server. Declaring its modules side-effect free lets the bundler drop every unused schema (and
      // with them zod) from the browser bundles.
      output: {
        // The libraries both pages need, in one long-cached chunk; the router and the store stay with
        // the SPA entry, which alone uses them.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](?:react|react-dom|scheduler|i18next|react-i18next|i18next-http-backend|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contracts[\\/]/, sideEffects: false }],
      },
    },
  },
});
