import { describe, expect, it } from "vitest";
import { shouldCompress } from "./precompress";

describe("which built files get .br and .gz copies", () => {
  it("text files of 1 KB or more, not the service worker or Vite's manifest", () => {
    expect(shouldCompress("/b/assets/index-a1.js", 500_000)).toBe(true);
    expect(shouldCompress("/b/assets/index-a1.css", 2048)).toBe(true);
    expect(shouldCompress("/b/images/logo.svg", 4096)).toBe(true);
    expect(shouldCompress("/b/assets/tiny.js", 600)).toBe(false);
    expect(shouldCompress("/b/assets/kanit-thai-400.woff2", 20_000)).toBe(false);
    expect(shouldCompress("/b/sw.js", 4096)).toBe(false);
    expect(shouldCompress("/b/.vite/manifest.json", 20_000)).toBe(false);
  });
});
