export const LOTTERY_NAMES = {
  russia: "หวยรัสเซีย",
  germany: "หวยเยอรมัน",
  england: "หวยอังกฤษ",
  dowJones: "หวยดาวโจนส์",
  laos: "หวยลาว",
  laosStar: "หวยลาวสตาร์",
  egypt: "หวยอียิปต์",
  malaysia: "หวยมาเลย์",
  hanoi: "หวยฮานอย",
  hanoiSpecial: "หวยฮานอยพิเศษ",
  hanoiVip: "หวยฮานอย VIP",
  india: "หวยอินเดีย",
  singapore: "หวยสิงคโปร์",
  hangSengMorning: "หวยฮั่งเส็งเช้า",
  hangSengAfternoon: "หวยฮั่งเส็งบ่าย",
  chinaMorning: "หวยจีนเช้า",
  chinaAfternoon: "หวยจีนบ่าย",
  nikkeiMorning: "หวยนิเคอิเช้า",
  nikkeiAfternoon: "หวยนิเคอิบ่าย",
  korea: "หวยเกาหลี",
  taiwan: "หวยไต้หวัน",
  cambodia: "หวยเขมร",
  government: "หวยรัฐบาลไทย",
  baac: "หวย ธ.ก.ส.",
  gsb: "หวยออมสิน",
} as const;

export type LotteryNameKey = keyof typeof LOTTERY_NAMES;

function kebabCase(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => "-" + letter.toLowerCase());
}

const NAME_KEYS = Object.keys(LOTTERY_NAMES) as LotteryNameKey[];

// Listed so the asset author can check that /images/lotto/<key>.svg (the drawing) and .webp (what pages show,
// scripts/render-webp-images.ts) exist for each one.
export const LOTTERY_ICON_KEYS: readonly string[] = NAME_KEYS.map(kebabCase);

const ICON_BY_NAME: ReadonlyMap<string, string> = new Map(
  NAME_KEYS.map((key) => [LOTTERY_NAMES[key], `/images/lotto/${kebabCase(key)}.webp`]),
);

export function lotteryIcon(thaiName: string): string | null {
  return ICON_BY_NAME.get(thaiName.trim()) ?? null;
}
