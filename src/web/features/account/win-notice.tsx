import { Alert, Anchor, Badge, Box, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { baht, formatMoney } from "../../../domain/money";
import { PATHS } from "../../lib/paths";
import { CREDIT_KEY, useSession } from "../../lib/session";
import { useSeenWins, useWinNotice, WIN_NOTICE_FRESH_MS, winNoticeKey } from "../../lib/calls/win-notice";

/**
 * The win toast (docs/decisions/028): on the first page view after a slip wins, the amount and the slips; closing it,
 * or opening โพยหวย, marks them seen. It asks again on every page the player opens.
 */
export function WinToast() {
  const { pathname } = useLocation();
  const notice = useWinNotice();
  const seen = useSeenWins();
  const queryClient = useQueryClient();
  const { refetch } = notice;
  const { uuid } = useSession();
  const firstPage = useRef(true);
  useEffect(() => {
    // The first page's read is the one asked for at start-up (app/signed-in.ts), when it has just come.
    const read = queryClient.getQueryState(winNoticeKey(uuid));
    const readAtStartUp = firstPage.current && read !== undefined && Date.now() - read.dataUpdatedAt < WIN_NOTICE_FRESH_MS;
    firstPage.current = false;
    if (!readAtStartUp) void refetch();
  }, [pathname, refetch, queryClient, uuid]);
  const data = notice.data;
  const upTo = data?.upTo ?? 0;
  // A new win has been credited: the header's credit says so with the toast.
  useEffect(() => {
    if (upTo > 0) void queryClient.invalidateQueries({ queryKey: CREDIT_KEY });
  }, [upTo, queryClient]);
  // The slip list shows the wins itself (and marks them seen there).
  if (!data || data.slips.length === 0 || pathname === PATHS.reviewPostList) return null;
  const first = data.slips[0]!;
  return (
    <Box
      data-testid="win-toast"
      role="status"
      style={{ position: "fixed", top: 68, left: 8, right: 8, zIndex: 210, maxWidth: 480, margin: "0 auto" }}
    >
      <Alert
        // Darker than Mantine's green so white text reads at 4.5:1 or more.
        color="#1d6f31"
        variant="filled"
        radius="md"
        title={`ยินดีด้วย! ถูกรางวัล ${formatMoney(baht(data.total))} บาท`}
        withCloseButton
        closeButtonLabel="ปิด"
        onClose={() => seen.mutate(data.upTo)}
      >
        <Text size="sm" data-testid="win-toast-text">
          {data.slips.length === 1 ? `${first.name} งวด ${first.date_th} · โพย #${first.master_id}` : `${data.slips.length} โพย`} ·
          เครดิตเข้าแล้ว
        </Text>
        <Anchor
          component={Link}
          to={PATHS.reviewPostList}
          c="white"
          fw={600}
          size="sm"
          underline="always"
          style={{ display: "inline-flex", alignItems: "center", minHeight: 44 }}
          data-testid="win-toast-open"
        >
          ดูโพยหวย
        </Anchor>
      </Alert>
    </Box>
  );
}

/** The count of slips won and not yet seen, on the โพยหวย item of the bottom navigation. */
export function WinBadge() {
  const notice = useWinNotice();
  const count = notice.data?.slips.length ?? 0;
  if (count === 0) return null;
  return (
    <Badge
      style={{ position: "absolute", top: 4, left: "calc(50% + 6px)" }}
      color="#1d6f31"
      variant="filled"
      size="sm"
      circle
      data-testid="win-badge"
      aria-label={`ถูกรางวัล ${count} โพย ${formatMoney(baht(notice.data!.total))} บาท`}
    >
      {count}
    </Badge>
  );
}
