/// <reference types="vitest/config" />
import { env } from "node:process";
import { defineConfig } from "vite";

// In development Vite serves the app and forwards the API and the game sockets to uvicorn
// (`vantage serve`, port 8000 unless VANTAGE_DEV_SERVER says otherwise).
const backend = env["VANTAGE_DEV_SERVER"] ?? "http://127.0.0.1:8000";

export default defineConfig({
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: { outDir: "dist", emptyOutDir: true, sourcemap: true },
  server: {
    proxy: {
      "/api": backend,
      "/ws": { target: backend, ws: true },
    },
  },
  test: {
    environment: "node",
    include: ["test/**/*.test.ts"],
  },
});
