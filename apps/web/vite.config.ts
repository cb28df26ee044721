import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the storefront server (npm start) answers the API, the runtime configuration
// and the product images; Vite only serves the app.
const storefront = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  // The manifest lets `npm run bench` add up the JavaScript each route needs.
  build: { manifest: true },
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: {
      '/api': storefront,
      '/config.js': storefront,
      '/images': storefront,
    },
  },
});
