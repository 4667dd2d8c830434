import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUri, totpAt, totpStep } from "./totp";

/** The shared secret of RFC 4226 appendix D and RFC 6238 appendix B (SHA-1): the ASCII of "12345678901234567890". */
const RFC_SECRET = Buffer.from("12345678901234567890", "ascii");

describe("HOTP (RFC 4226 appendix D)", () => {
  it("gives the RFC's code for counters 0 to 9", () => {
    const expected = ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"];
    expect(expected.map((_, counter) => hotp(RFC_SECRET, counter))).toEqual(expected);
  });
});

describe("TOTP (RFC 6238 appendix B, SHA-1)", () => {
  // [Unix time in seconds, the RFC's 8-digit code]
  const vectors: Array<[number, string]> = [
    [59, "94287082"],
    [1111111109, "07081804"],
    [1111111111, "14050471"],
    [1234567890, "89005924"],
    [2000000000, "69279037"],
    [20000000000, "65353130"],
  ];

  it("gives the RFC's 8-digit codes at its times", () => {
    for (const [seconds, code] of vectors) expect(totpAt(RFC_SECRET, seconds * 1000, 8)).toBe(code);
  });

  it("gives their last 6 digits as the 6-digit code an authenticator shows", () => {
    for (const [seconds, code] of vectors) expect(totpAt(RFC_SECRET, seconds * 1000)).toBe(code.slice(2));
  });

  it("accepts the code of the step before and after (±30 s), and names the step it matched", () => {
    const at = 1111111111 * 1000;
    const now = totpStep(at);
    expect(matchTotp(RFC_SECRET, "050471", at)).toBe(now);
    expect(matchTotp(RFC_SECRET, totpAt(RFC_SECRET, at - 30_000), at)).toBe(now - 1);
    expect(matchTotp(RFC_SECRET, totpAt(RFC_SECRET, at + 30_000), at)).toBe(now + 1);
  });

  it("refuses a code two steps away, a wrong code, and anything that is not 6 digits", () => {
    const at = 1111111111 * 1000;
    expect(matchTotp(RFC_SECRET, totpAt(RFC_SECRET, at - 60_000), at)).toBeNull();
    expect(matchTotp(RFC_SECRET, totpAt(RFC_SECRET, at + 60_000), at)).toBeNull();
    const wrong = String((Number("050471") + 1) % 1_000_000).padStart(6, "0");
    expect(matchTotp(RFC_SECRET, wrong, at)).toBeNull();
    for (const bad of ["", "05047", "0504711", "05047a", " 050471", "14050471"]) expect(matchTotp(RFC_SECRET, bad, at)).toBeNull();
  });
});

describe("base32 and the otpauth URI", () => {
  it("encodes RFC 4648's examples (without padding) and reads them back", () => {
    const cases: Array<[string, string]> = [
      ["", ""],
      ["f", "MY"],
      ["fo", "MZXQ"],
      ["foo", "MZXW6"],
      ["foob", "MZXW6YQ"],
      ["fooba", "MZXW6YTB"],
      ["foobar", "MZXW6YTBOI"],
    ];
    for (const [plain, encoded] of cases) {
      expect(base32Encode(Buffer.from(plain))).toBe(encoded);
      expect(base32Decode(encoded)?.toString()).toBe(plain);
    }
    expect(base32Encode(RFC_SECRET)).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(base32Decode("gezd gnbv gy3t qojq gezd gnbv gy3t qojq")).toEqual(RFC_SECRET);
    expect(base32Decode("GEZ1")).toBeNull();
  });

  it("names the site and the account and carries the secret and the parameters apps read", () => {
    const uri = new URL(otpauthUri("หวยดี", "admin", RFC_SECRET));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toBe("/หวยดี:admin");
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ",
      issuer: "หวยดี",
      algorithm: "SHA1",
      digits: "6",
      period: "30",
    });
  });
});
