import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webAppManifest } from './build/web-app-manifest.ts';
import { appShell } from './build/app-shell.ts';
import { ionicPerComponent } from './build/ionic-per-component.ts';
import { sideEffectFreeModules } from './build/side-effect-free-modules.ts';
import { deferredBoot, FIRST_MODULES } from './build/deferred-boot.ts';
import { stylesheetAfterBoot } from './build/stylesheet-after-boot.ts';
import { precompress } from './build/precompress.ts';

const API_PROXY = { '/back/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

export default defineConfig({
  plugins: [
    ionicPerComponent(),
    react(),
    sideEffectFreeModules(),
    appShell(import.meta.dirname),
    stylesheetAfterBoot(),
    deferredBoot(import.meta.dirname),
    // The service worker (src/sw/sw.ts) and the web app manifest. injectManifest: our own worker
    // (offline reading, outbox sync, push) with the build's precache list injected into it.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      // Registered by the app after its first paint (lib/offline/service-worker.ts), not by a script tag.
      injectRegister: false,
      manifest: webAppManifest,
      manifestFilename: 'manifest.webmanifest',
      injectManifest: {
        // Every file the app can load: the shell, every route's chunks and stylesheets, the
        // translations, icons and the manifest. Not the build's bookkeeping or source maps.
        globPatterns: ['**/*.{js,css,html,json,svg,png,webmanifest,txt}'],
        globIgnores: ['app-shell.json', '.vite/**', 'screenshots/**', 'sw.js'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        buildPlugins: { vite: [sideEffectFreeModules()] },
      },
    }),
    // Last: brotli and gzip copies of every file written above (the service worker too).
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/size-check.mjs reads .vite/manifest.json to measure the first paint of /index.
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      // index.html, and the modules its boot loader runs before the app's entry (deferred-boot.ts).
      input: { index: 'index.html', ...FIRST_MODULES },
      // Reading a property never has side effects in our code or our dependencies' (no getters
      // with effects), so unused `x.y` reads at module level can be dropped.
      treeshake: { propertyReadSideEffects: false },
    },
  },
  server: { proxy: API_PROXY },
  preview: { proxy: API_PROXY },
});
