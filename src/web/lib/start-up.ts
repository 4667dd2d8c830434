import type { FetchQueryOptions, QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * A query asked for at start-up (app/prefetch.ts, app/signed-in.ts), with the options of the hook that reads it, so the page
 * finds it answered or in flight. Not tried twice: the first render waits for these answers, and a failed
 * one is asked again as its page mounts (with the client's retry). Settles either way; never rejects.
 */
export function prefetchAtStart<T, K extends QueryKey>(client: QueryClient, options: FetchQueryOptions<T, Error, T, K>): Promise<void> {
  return client.prefetchQuery({ ...options, retry: false });
}
