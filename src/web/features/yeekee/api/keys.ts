/** The yeekee page's query keys: the live feed and the shoot box refresh these. */
export const yeekeeRoundKey = ["yeekee-page-rounds"] as const;
export const yeekeeAwardKey = (activityid: number) => ["yeekee-award", activityid] as const;
export const luckyKey = (activityid: number) => ["yeekee-lucky", activityid] as const;
export const ownShotsKey = (activityid: number) => ["yeekee-own-shots", activityid] as const;
