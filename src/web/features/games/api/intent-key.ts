import { useRef } from "react";

/**
 * One Idempotency-Key per intended request: a double tap or a retry after a timeout with the same
 * body sends the same key (the stake moves once); a different body, or `done()` after a success, starts
 * a new intent.
 */
export function useIntentKey() {
  const intent = useRef<{ request: string; key: string } | null>(null);
  return {
    keyFor(body: unknown): string {
      const request = JSON.stringify(body);
      if (intent.current?.request !== request) intent.current = { request, key: crypto.randomUUID() };
      return intent.current.key;
    },
    done() {
      intent.current = null;
    },
  };
}
