import { useServerClock } from "../lib/server-clock";
import { formatCountdown } from "../lib/rounds";

/**
 * The time left until `to` (server time, ms), ticking each second by itself: the page around it does not
 * render again for it (docs/decisions/025). "--:--:--" while the time is unknown.
 */
export function Countdown({ to }: { to: number | null }) {
  const text = useServerClock((now) => (to === null ? "--:--:--" : formatCountdown(to - now)));
  return <>{text}</>;
}
