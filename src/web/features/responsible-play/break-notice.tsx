import { Alert, Anchor } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { PATHS } from "../../lib/paths";
import { useRgSettings } from "./api/settings";
import { breakTitle } from "./break-status";
import { showWhen } from "./show";

/**
 * Over every page of the shell while a time-out or self-exclusion holds the account: the player can still
 * see the balance and withdraw, and knows why bets and deposits are refused.
 */
export function BreakNotice() {
  const settings = useRgSettings("watch");
  const { pathname } = useLocation();
  const held = settings.data?.break;
  // The responsible-play page shows the break in full itself.
  if (!held || pathname === PATHS.responsible) return null;
  return (
    <Alert color="orange" radius="md" mb="sm" data-testid="break-notice" title={breakTitle(held.kind)}>
      ถึง {showWhen(held.until)} · ระหว่างนี้ดูยอดและถอนเงินได้เท่านั้น{" "}
      <Anchor component={Link} to={PATHS.responsible} size="sm">
        รายละเอียด
      </Anchor>
    </Alert>
  );
}
