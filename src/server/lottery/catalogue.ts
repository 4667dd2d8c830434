import { sql } from "drizzle-orm";
import type { Schedule } from "../../domain/schedule";
import { LOTTERY_NAMES } from "../../domain/lottery-icons";
import type { Executor } from "../db/client";

export interface CatalogueEntry {
  id: string;
  name: string;
  group: "yeekee" | "yeekee5minute" | "stateLottery" | "stockLottery" | "percentLotto";
  category: "thai" | "foreign" | "stock" | "yeekee" | "percent";
  resultKind: "thai" | "stock" | "simple" | "yeekee";
  schedule: Schedule;
}

const DAY = 24 * 60;
const MON_FRI = [1, 2, 3, 4, 5];
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

const stock = (id: string, name: string, close: string, result: string, weekdays = MON_FRI): CatalogueEntry => ({
  id,
  name,
  group: "stockLottery",
  category: "stock",
  resultKind: "stock",
  // Monday's round opens on Sunday at the same time: a day of betting before each close.
  schedule: { type: "weekly", close, result, weekdays, openBeforeMinutes: DAY },
});

const foreign = (id: string, name: string, close: string, result: string, weekdays = EVERY_DAY): CatalogueEntry => ({
  id,
  name,
  group: "stateLottery",
  category: "foreign",
  resultKind: "simple",
  // Open from the previous draw: up to three days between draws for lotteries drawn three times a week.
  schedule: { type: "weekly", close, result, weekdays, openBeforeMinutes: weekdays.length === 7 ? DAY : 3 * DAY },
});

/**
 * The seeded catalogue (DESIGN.md §6), Bangkok times. Draw and close times follow the usual
 * publication times of each result; operators edit them in the back office.
 */
export const CATALOGUE: CatalogueEntry[] = [
  {
    id: "yeekee",
    name: "ยี่กี",
    group: "yeekee",
    category: "yeekee",
    resultKind: "yeekee",
    schedule: { type: "interval", firstClose: "06:00", everyMinutes: 15, count: 88, resultAfterMinutes: 2 },
  },
  {
    id: "yeekee5",
    name: "ยี่กี 5 นาที",
    group: "yeekee5minute",
    category: "yeekee",
    resultKind: "yeekee",
    schedule: { type: "interval", firstClose: "06:05", everyMinutes: 5, count: 264, resultAfterMinutes: 1 },
  },
  {
    id: "thai-gov",
    name: LOTTERY_NAMES.government,
    group: "stateLottery",
    category: "thai",
    resultKind: "thai",
    // Drawn on the 1st and 16th; betting opens right after the previous draw.
    schedule: { type: "monthly", days: [1, 16], close: "15:20", result: "16:00", openBeforeMinutes: 17 * DAY },
  },
  {
    id: "baac",
    name: LOTTERY_NAMES.baac,
    group: "stateLottery",
    category: "thai",
    resultKind: "simple",
    schedule: { type: "monthly", days: [16], close: "10:30", result: "11:00", openBeforeMinutes: 31 * DAY },
  },
  {
    id: "gsb",
    name: LOTTERY_NAMES.gsb,
    group: "stateLottery",
    category: "thai",
    resultKind: "simple",
    schedule: { type: "monthly", days: [16], close: "10:30", result: "11:00", openBeforeMinutes: 31 * DAY },
  },
  foreign("laos", LOTTERY_NAMES.laos, "20:00", "20:30", [1, 3, 5]),
  foreign("laos-star", LOTTERY_NAMES.laosStar, "15:30", "15:45"),
  foreign("hanoi-special", LOTTERY_NAMES.hanoiSpecial, "17:00", "17:30"),
  foreign("hanoi", LOTTERY_NAMES.hanoi, "18:00", "18:30"),
  foreign("hanoi-vip", LOTTERY_NAMES.hanoiVip, "19:00", "19:30"),
  foreign("malaysia", LOTTERY_NAMES.malaysia, "18:30", "19:00", [0, 3, 6]),
  foreign("cambodia", LOTTERY_NAMES.cambodia, "16:00", "16:30"),
  stock("nikkei-morning", LOTTERY_NAMES.nikkeiMorning, "09:25", "09:35"),
  stock("china-morning", LOTTERY_NAMES.chinaMorning, "10:25", "10:35"),
  stock("hang-seng-morning", LOTTERY_NAMES.hangSengMorning, "10:55", "11:15"),
  stock("taiwan", LOTTERY_NAMES.taiwan, "12:25", "12:40"),
  stock("korea", LOTTERY_NAMES.korea, "12:45", "13:35"),
  stock("nikkei-afternoon", LOTTERY_NAMES.nikkeiAfternoon, "12:55", "13:30"),
  stock("china-afternoon", LOTTERY_NAMES.chinaAfternoon, "13:55", "14:05"),
  stock("hang-seng-afternoon", LOTTERY_NAMES.hangSengAfternoon, "14:55", "15:15"),
  stock("singapore", LOTTERY_NAMES.singapore, "16:10", "16:20"),
  stock("india", LOTTERY_NAMES.india, "16:55", "17:30"),
  stock("egypt", LOTTERY_NAMES.egypt, "18:55", "19:30"),
  stock("england", LOTTERY_NAMES.england, "22:00", "22:45"),
  stock("russia", LOTTERY_NAMES.russia, "22:25", "23:00"),
  stock("germany", LOTTERY_NAMES.germany, "22:30", "23:45"),
  // The New York close lands after midnight in Bangkok: Tuesday to Saturday.
  stock("dow-jones", LOTTERY_NAMES.dowJones, "02:10", "03:30", [2, 3, 4, 5, 6]),
  {
    id: "percent",
    name: "หวยชุดลดเปอร์เซ็นต์",
    group: "percentLotto",
    category: "percent",
    resultKind: "simple",
    schedule: { type: "weekly", close: "20:30", result: "21:00", weekdays: EVERY_DAY, openBeforeMinutes: DAY },
  },
];

/** Inserts missing lotteries only: an operator's edits survive restarts. */
export async function seedCatalogue(db: Executor): Promise<void> {
  for (const [i, l] of CATALOGUE.entries()) {
    await db.execute(sql`
      insert into lotteries (id, name, "group", category, result_kind, schedule, sort)
      values (${l.id}, ${l.name}, ${l.group}, ${l.category}, ${l.resultKind}, ${JSON.stringify(l.schedule)}::jsonb, ${i})
      on conflict (id) do nothing`);
  }
}
