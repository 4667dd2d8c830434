import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { site } from "../../contract";
import { callApi } from "./api";

/**
 * The server's clock is the only clock (DESIGN §6): the offset to it is measured once through
 * /get-timenow (halving the round trip) and applied to the local clock. Server time = Date.now() + offset.
 */
export function useServerOffset(): number {
  const offset = useQuery({
    queryKey: ["server-offset"],
    queryFn: async () => {
      const sent = Date.now();
      const r = await callApi(site.getTimeNow, {});
      const received = Date.now();
      return r.timestamp + (received - sent) / 2 - received;
    },
    staleTime: 5 * 60_000,
  });
  return offset.data ?? 0;
}

/** The server's time, ticking every `tickMs`. */
export function useServerNow(tickMs = 1000): number {
  const offset = useServerOffset();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now + offset;
}
