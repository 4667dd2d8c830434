import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const web = fileURLToPath(new URL("./src/web", import.meta.url));

export default defineConfig({
  root: web,
  publicDir: "public",
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL("./dist/web", import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: { "^/(api|register$|login|get-|check-|read-)": "http://127.0.0.1:3000" },
  },
});
