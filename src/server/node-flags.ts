/**
 * The V8 flags the server runs with, by `npm start` (package.json) and by the benchmarks alike
 * (docs/decisions/069): a young generation of up to 32 MB a half instead of 16, so the short-lived
 * objects of each request (a shot, a slip) die there instead of being scavenged twice as often.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=32"] as const;
