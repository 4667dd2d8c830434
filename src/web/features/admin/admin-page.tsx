// The back office checks its forms with the contract's schemas as it draws: zod comes with its chunk (docs/decisions/059).
import "../../lib/zod-now";
import { Alert, Loader, Stack, Tabs, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { Navigate, useSearchParams } from "react-router";
import { PATHS } from "../../lib/paths";
import { EmptyState } from "../../components/empty-state";
import { PageTitle } from "../../components/page-title";
import { useSession } from "../../lib/session";
import { AdjustCredit } from "./adjust-credit";
import { BankRecordsAdmin } from "./bank-records-admin";
import { BankSettingsAdmin } from "./bank-settings-admin";
import { BankStatementAdmin } from "./bank-statement-admin";
import { BankStatsAdmin } from "./bank-stats-admin";
import { CatalogueEditor } from "./catalogue-editor";
import { DigitPricesAdmin } from "./digit-prices-admin";
import { GamesAdmin } from "./games-admin";
import { ResultsEntry } from "./results-entry";
import { LedgerCheck } from "./ledger-check";
import { OpenSiteAdmin } from "./open-site-admin";
import { PendingDeposits } from "./pending-deposits";
import { PendingWithdrawals } from "./pending-withdrawals";
import { PlayerLog } from "./player-log";
import { PlayersAdmin } from "./players-admin";
import { PointsAdmin } from "./points-admin";
import { RatesAdmin } from "./rates-admin";
import { BankListAdmin } from "./bank-list-admin";
import { ReceivingBanks } from "./receiving-banks";
import { ReferralAdmin } from "./referral-admin";
import { ReportsAdmin } from "./reports-admin";
import { RgAdmin } from "./rg-admin";
import { SecondFactorSettings, useSecondFactorStatus } from "./second-factor-settings";
import { SiteContentAdmin } from "./site-content-admin";
import { WalletLimitsAdmin } from "./wallet-limits-admin";
import { YeekeeSettingsAdmin } from "./yeekee-settings-admin";
import { YeekeeWatch } from "./yeekee-watch";

/** The operator's back office; the server checks the admin role on every call it makes. */
export function AdminPage() {
  const { isAdmin, loginStatus } = useSession();
  const [tab, setTab] = useState<string | null>("deposits");
  // A link may name the tab to open (the closed-site banner opens "site").
  const [params] = useSearchParams();
  const linkedTab = params.get("tab");
  useEffect(() => {
    // The yeekee settings moved into ตั้งค่าหวย: an older link to their tab opens it there.
    if (linkedTab) setTab(linkedTab === "yeekee-settings" ? "catalogue" : linkedTab);
  }, [linkedTab]);
  const secondFactor = useSecondFactorStatus(loginStatus && isAdmin);
  if (!loginStatus) return <Navigate to={PATHS.signIn} replace />;
  if (!isAdmin) return <EmptyState title="เฉพาะผู้ดูแลระบบเท่านั้น" />;
  if (!secondFactor.data) return secondFactor.error ? <Alert color="red">{secondFactor.error.message}</Alert> : <Loader mx="auto" />;
  if (secondFactor.data.required && !secondFactor.data.session_verified) {
    // The server refuses every other back-office call until this session passed the second factor.
    return (
      <Stack>
        <PageTitle>หลังบ้าน</PageTitle>
        <Alert color="orange" data-testid="second-factor-needed">
          หลังบ้านต้องยืนยันตัวตนสองขั้นตอน: ตั้งค่าแอปยืนยันตัวตนด้านล่าง แล้วใช้รหัส 6 หลักจากแอปทุกครั้งที่เข้าสู่ระบบ
        </Alert>
        <SecondFactorSettings status={secondFactor.data} />
      </Stack>
    );
  }
  return (
    <Stack>
      <PageTitle>หลังบ้าน</PageTitle>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List style={{ flexWrap: "wrap" }}>
          <Tabs.Tab value="deposits">ฝากรอตรวจ</Tabs.Tab>
          <Tabs.Tab value="bank-auto">ฝากออโต้</Tabs.Tab>
          <Tabs.Tab value="withdrawals">ถอนรอจ่าย</Tabs.Tab>
          <Tabs.Tab value="adjust">ปรับเครดิต</Tabs.Tab>
          <Tabs.Tab value="banks">บัญชีรับเงิน</Tabs.Tab>
          <Tabs.Tab value="players">ผู้เล่น</Tabs.Tab>
          <Tabs.Tab value="log">ประวัติการเงิน</Tabs.Tab>
          <Tabs.Tab value="reports">รายงาน</Tabs.Tab>
          <Tabs.Tab value="ledger">ตรวจบัญชี</Tabs.Tab>
          <Tabs.Tab value="site">เปิด/ปิดเว็บ</Tabs.Tab>
          <Tabs.Tab value="content">เนื้อหาเว็บ</Tabs.Tab>
          <Tabs.Tab value="results">ลงผลรางวัล</Tabs.Tab>
          <Tabs.Tab value="catalogue">ตั้งค่าหวย</Tabs.Tab>
          <Tabs.Tab value="rates">อัตราจ่าย</Tabs.Tab>
          <Tabs.Tab value="digit-prices">เลขอั้น</Tabs.Tab>
          <Tabs.Tab value="wallet-limits">ขั้นต่ำฝาก-ถอน</Tabs.Tab>
          <Tabs.Tab value="yeekee-watch">เฝ้าระวังยี่กี</Tabs.Tab>
          <Tabs.Tab value="referral">แนะนำเพื่อน</Tabs.Tab>
          <Tabs.Tab value="points">แต้มสิทธิพิเศษ</Tabs.Tab>
          <Tabs.Tab value="games">เกม</Tabs.Tab>
          <Tabs.Tab value="rg">เล่นอย่างรับผิดชอบ</Tabs.Tab>
          <Tabs.Tab value="second-factor">ยืนยันสองขั้นตอน</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="deposits" pt="md">
          <PendingDeposits />
        </Tabs.Panel>
        <Tabs.Panel value="bank-auto" pt="md">
          <Stack>
            <BankStatsAdmin />
            <Title order={4}>รายการโอนที่ยังไม่จับคู่</Title>
            <BankRecordsAdmin />
            <BankSettingsAdmin />
            <BankStatementAdmin />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="withdrawals" pt="md">
          <PendingWithdrawals />
        </Tabs.Panel>
        <Tabs.Panel value="adjust" pt="md">
          <AdjustCredit />
        </Tabs.Panel>
        <Tabs.Panel value="banks" pt="md">
          <Stack>
            <ReceivingBanks />
            <BankListAdmin />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="players" pt="md">
          <PlayersAdmin />
        </Tabs.Panel>
        <Tabs.Panel value="log" pt="md">
          <PlayerLog />
        </Tabs.Panel>
        <Tabs.Panel value="reports" pt="md">
          <ReportsAdmin />
        </Tabs.Panel>
        <Tabs.Panel value="ledger" pt="md">
          <LedgerCheck />
        </Tabs.Panel>
        <Tabs.Panel value="site" pt="md">
          <OpenSiteAdmin />
        </Tabs.Panel>
        <Tabs.Panel value="content" pt="md">
          <SiteContentAdmin />
        </Tabs.Panel>
        <Tabs.Panel value="results" pt="md">
          <ResultsEntry />
        </Tabs.Panel>
        <Tabs.Panel value="catalogue" pt="md">
          {/* The yeekee minimum and rewards are lottery settings: set where the lotteries are. */}
          <Stack>
            <CatalogueEditor />
            <YeekeeSettingsAdmin />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="rates" pt="md">
          <RatesAdmin />
        </Tabs.Panel>
        <Tabs.Panel value="digit-prices" pt="md">
          <DigitPricesAdmin />
        </Tabs.Panel>
        <Tabs.Panel value="wallet-limits" pt="md">
          <WalletLimitsAdmin />
        </Tabs.Panel>
        <Tabs.Panel value="yeekee-watch" pt="md">
          <YeekeeWatch />
        </Tabs.Panel>
        <Tabs.Panel value="referral" pt="md">
          <ReferralAdmin />
        </Tabs.Panel>
        <Tabs.Panel value="points" pt="md">
          <PointsAdmin />
        </Tabs.Panel>
        <Tabs.Panel value="games" pt="md">
          <GamesAdmin />
        </Tabs.Panel>
        <Tabs.Panel value="rg" pt="md">
          <RgAdmin />
        </Tabs.Panel>
        <Tabs.Panel value="second-factor" pt="md">
          <SecondFactorSettings status={secondFactor.data} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
