import { formatPoints } from "../../../domain/points";

/** Points as they travel (a number with two decimals) shown as "1,234.50"; `|| 0` keeps −0 from showing as "-0.00". */
export const showPoints = (points: number): string => formatPoints(Math.round(points * 100) || 0);

/** A level's multiplier ×100 as "×1.0", "×1.25", "×2.0". */
export const showMultiplier = (x100: number): string => `×${(x100 / 100).toFixed(x100 % 10 === 0 ? 1 : 2)}`;
