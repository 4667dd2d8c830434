import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildVersion, VERSION_MARKER, versionServiceWorker } from "./sw-version";

const sw = readFileSync(new URL("../web/public/sw.js", import.meta.url), "utf8");

describe("the service worker's cache name changes with each build", () => {
  const files = [
    { path: "index.html", content: '<script src="/assets/index-a1.js"></script>' },
    { path: "assets/index-a1.js", content: "console.log(1)" },
    { path: "offline.html", content: "ออฟไลน์" },
  ];

  it("public/sw.js names its cache with the marker", () => {
    expect(sw).toContain(`const CACHE = "lotto-shell-${VERSION_MARKER}";`);
  });

  it("the same files give the same version, in any order; any changed file a new one", () => {
    const v = buildVersion(files);
    expect(v).toMatch(/^[0-9a-f]{12}$/);
    expect(buildVersion([...files].reverse())).toBe(v);
    expect(buildVersion([files[0]!, { path: "assets/index-b2.js", content: "console.log(2)" }, files[2]!])).not.toBe(v);
    expect(buildVersion([files[0]!, files[1]!, { path: "offline.html", content: "ออฟไลน์ ลองใหม่" }])).not.toBe(v);
  });

  it("the versioned worker's cache is named after the build and it still deletes every other cache on activate", () => {
    const out = versionServiceWorker(sw, "0123456789ab");
    expect(out).toContain('const CACHE = "lotto-shell-0123456789ab";');
    expect(out).not.toContain(VERSION_MARKER);
    expect(out).toMatch(/for \(const key of await caches\.keys\(\)\) if \(key !== CACHE\) await caches\.delete\(key\);/);
  });

  it("a worker without the marker fails the build", () => {
    expect(() => versionServiceWorker('const CACHE = "x";', "0123456789ab")).toThrow(VERSION_MARKER);
  });
});
