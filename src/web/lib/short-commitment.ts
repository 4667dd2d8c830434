/** A commitment cut to fit a phone line (first 10 and last 4 hex digits); the full value goes in the element's title. */
export const shortCommitment = (hash: string) => (hash.length > 16 ? `${hash.slice(0, 10)}…${hash.slice(-4)}` : hash);
