import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { IndexHtmlTransformHook } from "vite";
import { describe, expect, it } from "vitest";
import { inlineIcon, svgDataUrl } from "./inline-icon";

const publicDir = fileURLToPath(new URL("../web/public", import.meta.url));
const logo = readFileSync(`${publicDir}/images/logo.svg`, "utf8");

function transform(html: string): string {
  const hook = inlineIcon(publicDir).transformIndexHtml as IndexHtmlTransformHook;
  return hook.call({} as never, html, {} as never) as string;
}

/** The SVG a `data:image/svg+xml,` address holds, as a browser reads it. */
const svgOf = (href: string) => decodeURIComponent(href.slice("data:image/svg+xml,".length));

describe("the tab's icon inside index.html", () => {
  it("is the logo's SVG, its lines joined, with nothing an attribute or an address cannot hold as it is", () => {
    const url = svgDataUrl(logo);
    expect(url).toMatch(/^data:image\/svg\+xml,/);
    expect(url).not.toMatch(/["<>#&\n]/);
    expect(svgOf(url)).toBe(logo.trim().replace(/\s*\n\s*/g, " "));
    // The same drawing: every element and attribute of the file, in order.
    expect(svgOf(url).match(/<[a-zA-Z][^>]*>/g)).toEqual(logo.match(/<[a-zA-Z][^>]*>/g)!.map((t) => t.replace(/\s*\n\s*/g, " ")));
  });

  it("replaces the link to the file, and stops a build whose index.html links it differently", () => {
    const html = '<head>\n<link rel="icon" type="image/svg+xml" href="/images/logo.svg" />\n<title>t</title></head>';
    const out = transform(html);
    const href = /<link rel="icon" type="image\/svg\+xml" href="([^"]+)" \/>/.exec(out)![1]!;
    expect(svgOf(href)).toContain("<svg");
    expect(out).not.toContain("/images/logo.svg");
    expect(out).toContain("<title>t</title>");
    expect(() => transform('<head><link rel="icon" href="/images/logo.svg"></head>')).toThrow(/no <link rel="icon"/);
  });

  it("is what the app's index.html links", () => {
    const index = readFileSync(fileURLToPath(new URL("../web/index.html", import.meta.url)), "utf8");
    expect(svgOf(/href="([^"]+)"/.exec(transform(index).match(/<link rel="icon"[^>]*>/)![0])![1]!)).toBe(
      logo.trim().replace(/\s*\n\s*/g, " "),
    );
  });
});
