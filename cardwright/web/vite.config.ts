import { defineConfig } from "vite";
import preact from "@preact/preset-vite";

// Everything is bundled into dist/ (served by `cardwright serve`): no CDN, no web font.
export default defineConfig({
  plugins: [preact()],
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false, assetsInlineLimit: 0 },
});
