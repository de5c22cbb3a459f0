import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appShell } from './build/app-shell.ts';
import { ionicPerComponent } from './build/ionic-per-component.ts';
import { pushWorker } from './build/push-worker.ts';
import { sideEffectFreeModules } from './build/side-effect-free-modules.ts';
import { stylesheetAfterBoot } from './build/stylesheet-after-boot.ts';

const API_PROXY = { '/back/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

export default defineConfig({
  plugins: [ionicPerComponent(), react(), sideEffectFreeModules(), appShell(import.meta.dirname), stylesheetAfterBoot(), pushWorker(import.meta.dirname)],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/size-check.mjs reads .vite/manifest.json to measure the first paint of /index.
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      // Reading a property never has side effects in our code or our dependencies' (no getters
      // with effects), so unused `x.y` reads at module level can be dropped.
      treeshake: { propertyReadSideEffects: false },
    },
  },
  server: { proxy: API_PROXY },
  preview: { proxy: API_PROXY },
});
