import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { ionicPerComponent } from './build/ionic-per-component.ts';
import { sideEffectFreeModules } from './build/side-effect-free-modules.ts';

const API_PROXY = { '/back/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

export default defineConfig({
  plugins: [ionicPerComponent(), react(), sideEffectFreeModules()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/size-check.mjs reads .vite/manifest.json to measure the first paint of /index.
    manifest: true,
    sourcemap: true,
    target: 'es2022',
  },
  server: { proxy: API_PROXY },
  preview: { proxy: API_PROXY },
});
