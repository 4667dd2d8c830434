export * from "./bet-types";
export * from "./banks";
export * from "./digit-mask";
export * from "./lottery-icons";
export * from "./money";
export * from "./permutations";
export * from "./promptpay";
export * from "./thai-date";
