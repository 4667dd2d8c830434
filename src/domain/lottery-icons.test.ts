import { describe, it, expect } from "vitest";
import { LOTTERY_ICON_KEYS, LOTTERY_NAMES, lotteryIcon } from "./lottery-icons";

const EXPECTED_ICONS: ReadonlyArray<[string, string]> = [
  ["หวยรัสเซีย", "/images/lotto/russia.webp"],
  ["หวยเยอรมัน", "/images/lotto/germany.webp"],
  ["หวยอังกฤษ", "/images/lotto/england.webp"],
  ["หวยดาวโจนส์", "/images/lotto/dow-jones.webp"],
  ["หวยลาว", "/images/lotto/laos.webp"],
  ["หวยลาวสตาร์", "/images/lotto/laos-star.webp"],
  ["หวยอียิปต์", "/images/lotto/egypt.webp"],
  ["หวยมาเลย์", "/images/lotto/malaysia.webp"],
  ["หวยฮานอย", "/images/lotto/hanoi.webp"],
  ["หวยฮานอยพิเศษ", "/images/lotto/hanoi-special.webp"],
  ["หวยฮานอย VIP", "/images/lotto/hanoi-vip.webp"],
  ["หวยอินเดีย", "/images/lotto/india.webp"],
  ["หวยสิงคโปร์", "/images/lotto/singapore.webp"],
  ["หวยฮั่งเส็งเช้า", "/images/lotto/hang-seng-morning.webp"],
  ["หวยฮั่งเส็งบ่าย", "/images/lotto/hang-seng-afternoon.webp"],
  ["หวยจีนเช้า", "/images/lotto/china-morning.webp"],
  ["หวยจีนบ่าย", "/images/lotto/china-afternoon.webp"],
  ["หวยนิเคอิเช้า", "/images/lotto/nikkei-morning.webp"],
  ["หวยนิเคอิบ่าย", "/images/lotto/nikkei-afternoon.webp"],
  ["หวยเกาหลี", "/images/lotto/korea.webp"],
  ["หวยไต้หวัน", "/images/lotto/taiwan.webp"],
  ["หวยเขมร", "/images/lotto/cambodia.webp"],
  ["หวยรัฐบาลไทย", "/images/lotto/government.webp"],
  ["หวย ธ.ก.ส.", "/images/lotto/baac.webp"],
  ["หวยออมสิน", "/images/lotto/gsb.webp"],
];

describe("lotteryIcon", () => {
  it.each(EXPECTED_ICONS)("%s → %s", (name, path) => {
    expect(lotteryIcon(name)).toBe(path);
  });

  it("covers exactly the 25 lotteries the specification lists", () => {
    expect(Object.values(LOTTERY_NAMES).sort()).toEqual(EXPECTED_ICONS.map(([name]) => name).sort());
  });

  it("trims whitespace around the name", () => {
    expect(lotteryIcon("  หวยลาว\n")).toBe("/images/lotto/laos.webp");
  });

  it.each(["ยี่กี", "", "   ", "หวยญี่ปุ่น", "หวยฮานอยVIP", "หวยลาวส", "russia", "toString"])("gives no icon to %j", (name) => {
    expect(lotteryIcon(name)).toBeNull();
  });
});

describe("LOTTERY_ICON_KEYS", () => {
  it("lists the kebab-case key of every icon file", () => {
    expect(LOTTERY_ICON_KEYS).toHaveLength(25);
    expect(LOTTERY_ICON_KEYS).toContain("hang-seng-afternoon");
    expect(LOTTERY_ICON_KEYS).toContain("dow-jones");
    expect([...LOTTERY_ICON_KEYS].sort()).toEqual(
      EXPECTED_ICONS.map(([, path]) => path.slice("/images/lotto/".length, -".webp".length)).sort(),
    );
  });
});
