import { Card } from "@mantine/core";
import { memo } from "react";
import type { LatestResult, LottoListItem } from "../../contract/lottery";
import type { z } from "zod";
import { useServerClock } from "../lib/server-clock";
import { Countdown } from "./countdown";
import { roundLabel, roundPhase } from "../lib/rounds";
import { PhaseBadge } from "./phase-badge";
import { formatThaiShortDate, formatTime } from "../../domain/thai-date";

type Latest = z.infer<typeof LatestResult>;

/**
 * One lottery on the home page: icon, name, the round that closes next with a countdown on the
 * server's clock, and the latest result. Betting is a later page, so the card itself links nowhere.
 * Inside the card, plain elements with the classes of styles.css rather than a dozen Mantine components
 * each: the home page draws two dozen cards at once, and on a phone that render was the page's longest
 * task (docs/decisions/025). Memoized: the page renders again when the session or the clock changes, the cards only
 * when their own lottery does (`onShowResult` must be stable).
 */
export const LottoCard = memo(function LottoCard({
  item,
  onShowResult,
}: {
  item: LottoListItem;
  onShowResult: (item: LottoListItem, r: Latest) => void;
}) {
  const round = item.nextRound;
  // The card renders again when its round opens or closes; the countdowns tick by themselves.
  const phase = useServerClock((now) => roundPhase(round, now));
  return (
    <Card
      withBorder
      radius="lg"
      padding="sm"
      className="lotto-card"
      data-testid="lotto-card"
      data-config-id={item.configID}
      data-phase={phase}
    >
      <div className="lotto-card-body">
        <div className="lotto-card-title">
          {/* Two dozen icons, most of them below the first screen: each fetched as it nears the screen, not all beside the
              page's own reads on its way to the first paint (docs/decisions/065). */}
          {item.icon && (
            <img
              src={item.icon}
              width={44}
              height={44}
              alt=""
              loading="lazy"
              decoding="async"
              className="lotto-card-icon"
              data-testid="lotto-icon"
            />
          )}
          <p className="lotto-card-name">{item.name}</p>
        </div>
        {round && <p className="lotto-card-note">{roundLabel(round)}</p>}
        {round && phase === "open" && (
          <div>
            <p className="lotto-card-note">ปิดรับใน</p>
            <p className="lotto-card-time countdown is-closing" data-testid="countdown" data-kind="close">
              <Countdown to={Date.parse(round.timestop)} />
            </p>
          </div>
        )}
        {round && phase === "waiting" && (
          <div>
            <div className="lotto-card-row">
              <PhaseBadge phase="waiting" />
              <p className="lotto-card-note">เปิดใน</p>
            </div>
            <p className="lotto-card-time countdown is-opening" data-testid="countdown" data-kind="open">
              <Countdown to={Date.parse(round.open_at)} />
            </p>
          </div>
        )}
        {phase !== "open" && phase !== "waiting" && (
          <div className="lotto-card-row">
            <PhaseBadge phase={phase} closedLabel="ปิดรับแล้ว" />
          </div>
        )}
        {!round && item.nextOpenAt && (
          // No round yet (a stock lottery from Friday's close to its Monday round): when betting opens again.
          <div data-testid="next-open" data-at={item.nextOpenAt}>
            <p className="lotto-card-note">เปิดรับงวดถัดไป</p>
            <p className="lotto-card-note">
              <b>{formatThaiShortDate(item.nextOpenAt)}</b> {formatTime(item.nextOpenAt).slice(0, 5)} น.
            </p>
          </div>
        )}
        {item.latestResult && (
          <button
            type="button"
            className="latest-result mantine-focus-auto"
            onClick={() => onShowResult(item, item.latestResult!)}
            data-testid="latest-result"
            data-activity-id={item.latestResult.activityid}
          >
            <span className="lotto-card-note lotto-card-truncate">ผลล่าสุด {item.latestResult.date_th}</span>
            <span className="lotto-card-award">
              <span>
                บน <b className="award-number">{item.latestResult.top3}</b>
              </span>
              <span>
                ล่าง <b className="award-number">{item.latestResult.bottom2}</b>
              </span>
            </span>
          </button>
        )}
      </div>
    </Card>
  );
});
