import { describe, it, expect } from "vitest";
import { LOTTERY_ICON_KEYS, LOTTERY_NAMES, lotteryIcon } from "./lottery-icons";

const EXPECTED_ICONS: ReadonlyArray<[string, string]> = [
  ["หวยรัสเซีย", "/images/lotto/russia.svg"],
  ["หวยเยอรมัน", "/images/lotto/germany.svg"],
  ["หวยอังกฤษ", "/images/lotto/england.svg"],
  ["หวยดาวโจนส์", "/images/lotto/dow-jones.svg"],
  ["หวยลาว", "/images/lotto/laos.svg"],
  ["หวยลาวสตาร์", "/images/lotto/laos-star.svg"],
  ["หวยอียิปต์", "/images/lotto/egypt.svg"],
  ["หวยมาเลย์", "/images/lotto/malaysia.svg"],
  ["หวยฮานอย", "/images/lotto/hanoi.svg"],
  ["หวยฮานอยพิเศษ", "/images/lotto/hanoi-special.svg"],
  ["หวยฮานอย VIP", "/images/lotto/hanoi-vip.svg"],
  ["หวยอินเดีย", "/images/lotto/india.svg"],
  ["หวยสิงคโปร์", "/images/lotto/singapore.svg"],
  ["หวยฮั่งเส็งเช้า", "/images/lotto/hang-seng-morning.svg"],
  ["หวยฮั่งเส็งบ่าย", "/images/lotto/hang-seng-afternoon.svg"],
  ["หวยจีนเช้า", "/images/lotto/china-morning.svg"],
  ["หวยจีนบ่าย", "/images/lotto/china-afternoon.svg"],
  ["หวยนิเคอิเช้า", "/images/lotto/nikkei-morning.svg"],
  ["หวยนิเคอิบ่าย", "/images/lotto/nikkei-afternoon.svg"],
  ["หวยเกาหลี", "/images/lotto/korea.svg"],
  ["หวยไต้หวัน", "/images/lotto/taiwan.svg"],
  ["หวยเขมร", "/images/lotto/cambodia.svg"],
  ["หวยรัฐบาลไทย", "/images/lotto/government.svg"],
  ["หวย ธ.ก.ส.", "/images/lotto/baac.svg"],
  ["หวยออมสิน", "/images/lotto/gsb.svg"],
];

describe("lotteryIcon", () => {
  it.each(EXPECTED_ICONS)("%s → %s", (name, path) => {
    expect(lotteryIcon(name)).toBe(path);
  });

  it("covers exactly the 25 lotteries the specification lists", () => {
    expect(Object.values(LOTTERY_NAMES).sort()).toEqual(EXPECTED_ICONS.map(([name]) => name).sort());
  });

  it("trims whitespace around the name", () => {
    expect(lotteryIcon("  หวยลาว\n")).toBe("/images/lotto/laos.svg");
  });

  it.each(["ยี่กี", "", "   ", "หวยญี่ปุ่น", "หวยฮานอยVIP", "หวยลาวส", "russia", "toString"])(
    "gives no icon to %j",
    (name) => {
      expect(lotteryIcon(name)).toBeNull();
    },
  );
});

describe("LOTTERY_ICON_KEYS", () => {
  it("lists the kebab-case key of every icon file", () => {
    expect(LOTTERY_ICON_KEYS).toHaveLength(25);
    expect(LOTTERY_ICON_KEYS).toContain("hang-seng-afternoon");
    expect(LOTTERY_ICON_KEYS).toContain("dow-jones");
    expect([...LOTTERY_ICON_KEYS].sort()).toEqual(
      EXPECTED_ICONS.map(([, path]) => path.slice("/images/lotto/".length, -".svg".length)).sort(),
    );
  });
});
