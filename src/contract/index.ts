export * from "./common";
export * from "./route";
export * as auth from "./auth";
export * as site from "./site";
export * as wallet from "./wallet";
export * as lottery from "./lottery";
export * as betting from "./betting";
export * as yeekee from "./yeekee";
export * as referral from "./referral";
