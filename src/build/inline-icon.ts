import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";

const ICON_LINK = /<link rel="icon" type="image\/svg\+xml" href="(\/[^"]+\.svg)" \/>/;

/**
 * The SVG as a `data:` address: the few characters an address or the attribute cannot hold as they are are escaped,
 * the rest kept (far shorter than base64, and gzip reads it as the text it is).
 */
export function svgDataUrl(svg: string): string {
  const text = svg.trim().replace(/\s*\n\s*/g, " ");
  return `data:image/svg+xml,${text.replace(/[%#"&<>{}|\\^`\n\r\t]/g, (c) => encodeURIComponent(c))}`;
}

/**
 * Vite plugin: the page's SVG icon goes inside index.html as a `data:` address rather than as a file the browser
 * fetches while the page is loading, its connections busy with the page's scripts and first answers
 * (docs/decisions/066). The file stays where it is, for offline.html and the web app manifest. A build whose
 * index.html no longer links the icon this way stops, so the icon cannot go back to being fetched unnoticed.
 */
export function inlineIcon(publicDir: string): Plugin {
  return {
    name: "lotto:inline-icon",
    apply: "build",
    transformIndexHtml(html) {
      const link = ICON_LINK.exec(html);
      if (!link) throw new Error('index.html has no <link rel="icon" type="image/svg+xml" href="/….svg" /> to inline');
      const svg = readFileSync(join(publicDir, link[1]!), "utf8");
      return html.replace(link[0], `<link rel="icon" type="image/svg+xml" href="${svgDataUrl(svg)}" />`);
    },
  };
}
