import { Alert, Button, Card, CopyButton, FileInput, Group, Image, NumberInput, Paper, Stack, Text, TextInput } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { OpenDepositRequest } from "../../../contract/wallet";
import type { BankCode } from "../../../domain/banks";
import { baht, type Baht, formatMoney, formatMoneyExact } from "../../../domain/money";
import { formatTime } from "../../../domain/thai-date";
import { BankSelect } from "../../components/bank-select";
import { ContactChannels, StaffMessage } from "../../components/contact-staff";
import { BankLine } from "../../components/bank-line";
import { useServerClock, useServerOffset } from "../../lib/server-clock";
import { useSession } from "../../lib/session";
import { bangkokWallClock, PaytimeInput, wallClockToIso } from "./paytime-input";
import { addPaynow, refreshAfterPaynow } from "./api/add-paynow";
import { cancelDepositRequest } from "./api/cancel-deposit-request";
import { gentAmount } from "./api/gent-amount";
import {
  afterDepositCredited,
  openDepositQuery,
  rereadOpenDeposit,
  showOpenDeposit,
  WATCH_EVERY_MS,
} from "./api/read-open-deposit-request";
import { walletConfigQuery } from "./api/read-wallet-config";

const QUICK_AMOUNTS = [100, 300, 500, 1000, 5000];
const SLIP_MAX_BYTES = 2 * 1024 * 1024;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The saved QR: big enough for a banking app to read from the photo gallery, with its quiet zone. */
const SAVED_QR = { margin: 4, width: 720 } as const;

/** Minutes and seconds left, e.g. "29:05". */
function minutesLeft(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * The request this tab showed, kept for the tab's life in sessionStorage: a phone may drop the page while the
 * player is in the banking app, and the reloaded page should still say that this transfer arrived.
 */
function useWatchedRequest(uuid: string | null) {
  const key = `deposit-watch:${uuid ?? ""}`;
  const [watched, setWatched] = useState<string | null>(() => readWatched(key));
  const watch = (transection: string | null) => {
    setWatched(transection);
    try {
      if (transection) sessionStorage.setItem(key, transection);
      else sessionStorage.removeItem(key);
    } catch {
      // Storage refused (private mode): only a reload forgets the request.
    }
  };
  return [watched, watch] as const;
}

function readWatched(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function DepositTab({ playerBank }: { playerBank: BankCode | null }) {
  const queryClient = useQueryClient();
  const { uuid } = useSession();
  const [amount, setAmount] = useState<number | string>("");
  const [qr, setQr] = useState<{ payload: string; shown: string; saved: string } | null>(null);
  const [fromBank, setFromBank] = useState<BankCode | null>(playerBank);
  const serverOffset = useServerOffset();
  const now = () => Date.now() + serverOffset;
  const [paytime, setPaytime] = useState(() => bangkokWallClock(Date.now()));
  const [comment, setComment] = useState("");
  const [slip, setSlip] = useState<File | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  /** The amount just reported, for the thank-you note (the request is no longer open). */
  const [reported, setReported] = useState<Baht | null>(null);
  /** The transfer the bank feed (or an operator) credited while this tab watched its request. */
  const [credited, setCredited] = useState<{ transection: string; amount: Baht } | null>(null);
  const [watched, watch] = useWatchedRequest(uuid);
  // Read again every few seconds while a request or a reported transfer is on screen and the tab is seen:
  // react-query skips the interval while the document is hidden (docs/decisions/045-automatic-deposits.md).
  const config = useQuery(walletConfigQuery);
  const open = useQuery({
    ...openDepositQuery(uuid),
    enabled: !!uuid,
    meta: { blocking: true },
    refetchInterval: (q) => (credited === null && (reported !== null || !!q.state.data?.request) ? WATCH_EVERY_MS : false),
  });
  const issued = open.data?.request ?? null;
  const watching = !!uuid && credited === null && (reported !== null || issued !== null);
  const lastCredited = open.data?.lastCredited ?? null;

  const issuedTransection = issued?.transection ?? null;
  useEffect(() => {
    if (issuedTransection) watch(issuedTransection);
  }, [issuedTransection]);

  // The request shown is no longer open and the server names it as credited: say so, and read the credit.
  useEffect(() => {
    if (watched && !issued && lastCredited?.transection === watched) {
      setCredited({ transection: watched, amount: baht(lastCredited.amount) });
      setReported(null);
      watch(null);
      afterDepositCredited(queryClient);
    }
  }, [watched, issued, lastCredited]);

  // Back from the banking app: read at once rather than at the next tick.
  useEffect(() => {
    if (!watching) return;
    const onVisible = () => {
      if (document.visibilityState === "visible") rereadOpenDeposit(queryClient, uuid);
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [watching, uuid]);

  useEffect(() => setFromBank((b) => b ?? playerBank), [playerBank]);

  const showOpen = (request: OpenDepositRequest | null) => showOpenDeposit(queryClient, uuid, request);
  const reread = () => rereadOpenDeposit(queryClient, uuid);

  const qrPayload = issued?.qrPayload ?? null;
  useEffect(() => {
    if (!qrPayload) return setQr(null);
    let current = true;
    // The QR encoder (9 KB gzip) is fetched when a request is open, not with the page: the page first shows the
    // request form (docs/decisions/059).
    void import("qrcode")
      .then(({ default: QRCode }) =>
        Promise.all([QRCode.toDataURL(qrPayload, { margin: 1, width: 220 }), QRCode.toDataURL(qrPayload, SAVED_QR)]),
      )
      .then(([shown, saved]) => {
        if (current) setQr({ payload: qrPayload, shown, saved });
      });
    return () => {
      current = false;
    };
  }, [qrPayload]);

  const expiresAt = issued ? Date.parse(issued.expiresAt) : null;
  const secondsLeft = useServerClock((t) => (expiresAt === null ? null : Math.max(0, Math.ceil((expiresAt - t) / 1000))));
  const expired = secondsLeft === 0;
  useEffect(() => {
    if (expired) reread();
  }, [expired]);

  const request = useMutation({
    mutationFn: () => gentAmount(Number(amount)),
    onSuccess: ({ status: _status, ...r }) => {
      cancel.reset();
      showOpen(r);
      setPaytime(bangkokWallClock(now()));
    },
    onError: reread,
  });
  const cancel = useMutation({
    mutationFn: () => cancelDepositRequest(issued!.transection),
    onSuccess: () => {
      setConfirmCancel(false);
      watch(null);
      showOpen(null);
      request.reset();
      report.reset();
    },
    onError: () => {
      setConfirmCancel(false);
      reread();
    },
  });
  const report = useMutation({
    mutationFn: async () => {
      const r = issued!;
      if (slip && slip.size > SLIP_MAX_BYTES) throw new Error("ไฟล์สลิปต้องมีขนาดไม่เกิน 2 MB");
      // The same ISO instant as before; the fields are Bangkok's clock, as the slip shows it.
      const paidAt = wallClockToIso(paytime);
      if (!paidAt) throw new Error("วันที่โอนไม่ถูกต้อง กรุณาเลือกใหม่");
      await addPaynow({
        amount: r.amount,
        paytime: paidAt,
        comment,
        bankname: fromBank!,
        transection: r.transection,
        slip: slip ? await readAsDataUrl(slip) : null,
      });
      return r.amount;
    },
    onSuccess: (paid) => {
      setReported(baht(paid));
      showOpen(null);
      refreshAfterPaynow(queryClient);
      setSlip(null);
      setComment("");
    },
    onError: reread,
  });

  const limits = config.data?.config;

  const startAgain = () => {
    setCredited(null);
    setReported(null);
    request.reset();
    report.reset();
    setAmount("");
  };

  if (credited !== null) {
    return (
      <Alert color="teal" title="ได้รับเงินแล้ว" data-testid="deposit-credited" data-transection={credited.transection}>
        <Text size="sm">
          เติมเครดิต <span data-testid="deposit-credited-amount">{formatMoneyExact(credited.amount)}</span> บาท เรียบร้อย
        </Text>
        <Button mt="sm" variant="light" onClick={startAgain}>
          ฝากรายการใหม่
        </Button>
      </Alert>
    );
  }

  if (reported !== null) {
    return (
      <Alert color="teal" title="แจ้งโอนเรียบร้อย" data-testid="deposit-reported">
        รายการฝาก {formatMoney(reported)} บาท รอเจ้าหน้าที่ตรวจสอบ เครดิตจะเข้าเมื่อได้รับการอนุมัติ
        <Button mt="sm" variant="light" onClick={startAgain}>
          ฝากรายการใหม่
        </Button>
      </Alert>
    );
  }

  return (
    <Stack>
      {cancel.error && (
        <Alert color="red" data-testid="deposit-cancel-error">
          <StaffMessage>{cancel.error.message}</StaffMessage>
        </Alert>
      )}
      {cancel.isSuccess && !issued && (
        <Alert color="gray" data-testid="deposit-cancelled">
          ยกเลิกรายการขอฝากแล้ว
        </Alert>
      )}
      {!issued && (
        <Card withBorder radius="lg">
          <Stack>
            <NumberInput
              label="จำนวนเงินที่ต้องการฝาก (บาท)"
              description={
                limits ? `ขั้นต่ำ ${formatMoney(baht(limits.depositMin))} บาท สูงสุด ${formatMoney(baht(limits.depositMax))} บาท` : undefined
              }
              value={amount}
              onChange={setAmount}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              name="deposit-amount"
            />
            <Group gap={6}>
              {QUICK_AMOUNTS.map((a) => (
                <Button key={a} size="xs" variant="light" onClick={() => setAmount(a)}>
                  {formatMoney(baht(a))}
                </Button>
              ))}
            </Group>
            {request.error && (
              <Alert color="red">
                <StaffMessage>{request.error.message}</StaffMessage>
              </Alert>
            )}
            <Button onClick={() => request.mutate()} loading={request.isPending} disabled={!amount}>
              ขอยอดโอน
            </Button>
          </Stack>
        </Card>
      )}
      {issued && (
        <Card withBorder radius="lg" data-testid="deposit-instructions">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              กรุณาโอนยอดนี้ให้ตรงทุกสตางค์ ภายในเวลา {formatTime(issued.expiresAt)}
            </Text>
            {expired ? (
              <Alert color="gray" data-testid="deposit-expired">
                รายการขอฝากนี้หมดเวลาแล้ว กรุณาขอยอดโอนใหม่ หากโอนไปแล้วกรุณาติดต่อเจ้าหน้าที่
              </Alert>
            ) : (
              <Text size="sm" fw={600} c="red.9">
                เหลือเวลา <span data-testid="deposit-time-left">{secondsLeft === null ? "--:--" : minutesLeft(secondsLeft)}</span> นาที
              </Text>
            )}
            {config.data?.autoDeposit && (
              <Text size="sm" fw={600} c="teal.9" data-testid="deposit-auto-note">
                โอนแล้วเครดิตจะเข้าเองอัตโนมัติภายในไม่กี่วินาที ไม่ต้องแนบสลิป
              </Text>
            )}
            <Group justify="space-between">
              <Text fz={30} fw={700} c="red.8" data-testid="deposit-exact-amount">
                {formatMoneyExact(baht(issued.amount))} ฿
              </Text>
              <CopyButton value={issued.amount.toFixed(2)}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? "คัดลอกแล้ว" : "คัดลอกยอด"}
                  </Button>
                )}
              </CopyButton>
            </Group>
            {issued.bank ? (
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <BankLine bank={issued.bank.bankname} no={issued.bank.bankno} name={issued.bank.bankaccounts} />
                {/* Digits only: what a banking app's "to account" field takes when pasted. */}
                <CopyButton value={issued.bank.bankno.replace(/\D/g, "")} timeout={3000}>
                  {({ copied, copy }) => (
                    <Button
                      size="xs"
                      mih={44}
                      variant={copied ? "filled" : "light"}
                      color={copied ? "teal" : undefined}
                      onClick={copy}
                      data-testid="copy-account"
                      style={{ flexShrink: 0 }}
                    >
                      {copied ? "คัดลอกแล้ว" : "คัดลอกเลขบัญชี"}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            ) : (
              <Alert color="yellow">
                ยังไม่ได้ตั้งค่าบัญชีรับเงินของเว็บ กรุณาติดต่อเจ้าหน้าที่
                <ContactChannels />
              </Alert>
            )}
            {qr && qr.payload === issued.qrPayload && (
              <Stack align="center" gap={2}>
                <Image src={qr.shown} w={220} h={220} alt="QR พร้อมเพย์" data-testid="promptpay-qr" />
                <Text size="xs" c="dimmed" ta="center">
                  สแกนจ่ายด้วยแอปธนาคาร (พร้อมเพย์) ยอดจะถูกกรอกให้อัตโนมัติ หรือบันทึกรูปแล้วเลือก &quot;สแกนจากรูปภาพ&quot; ในแอปธนาคาร
                </Text>
                <Button
                  component="a"
                  href={qr.saved}
                  download={`promptpay-${issued.amount.toFixed(2)}.png`}
                  variant="light"
                  size="sm"
                  mih={44}
                  data-testid="save-qr"
                >
                  บันทึกรูป QR
                </Button>
              </Stack>
            )}
            <Text size="xs" c="dimmed">
              เลขอ้างอิง {issued.transection}
            </Text>
            {config.data?.autoDeposit && (
              <Paper withBorder radius="md" p="sm" bg="teal.0" data-testid="deposit-report-note">
                <Text size="sm" fw={600}>
                  ยังไม่ได้รับเครดิต?
                </Text>
                <Text size="sm">แจ้งโอนด้านล่างเฉพาะเมื่อโอนแล้วเกิน 5 นาทีเครดิตยังไม่เข้า หน้านี้จะแจ้งทันทีเมื่อได้รับเงิน</Text>
              </Paper>
            )}
            <BankSelect value={fromBank} onChange={setFromBank} label="โอนจากธนาคาร" />
            <PaytimeInput value={paytime} onChange={setPaytime} now={now()} />
            <TextInput label="หมายเหตุ" value={comment} onChange={(e) => setComment(e.currentTarget.value)} maxLength={200} />
            <FileInput
              label="สลิปการโอน (ถ้ามี)"
              accept="image/png,image/jpeg,image/webp"
              value={slip}
              onChange={setSlip}
              clearable
              placeholder="เลือกรูปสลิป"
            />
            {report.error && (
              <Alert color="red">
                <StaffMessage>{report.error.message}</StaffMessage>
              </Alert>
            )}
            {confirmCancel ? (
              <Stack gap="xs" role="alertdialog" aria-labelledby="deposit-cancel-text" data-testid="deposit-cancel-panel">
                <Text id="deposit-cancel-text" fw={500}>
                  ยกเลิกรายการขอฝาก {formatMoney(baht(issued.amount))} บาทหรือไม่? หากโอนไปแล้ว อย่ายกเลิก ให้กด &quot;แจ้งโอนแล้ว&quot;
                </Text>
                <Group grow>
                  <Button variant="default" onClick={() => setConfirmCancel(false)} autoFocus>
                    ไม่ยกเลิก
                  </Button>
                  <Button color="red" onClick={() => cancel.mutate()} loading={cancel.isPending} data-testid="deposit-cancel-confirm">
                    ยืนยันยกเลิก
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Group grow>
                <Button variant="default" onClick={() => setConfirmCancel(true)} data-testid="deposit-cancel">
                  ยกเลิกรายการ
                </Button>
                <Button onClick={() => report.mutate()} loading={report.isPending} disabled={!fromBank || expired}>
                  แจ้งโอนแล้ว
                </Button>
              </Group>
            )}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
