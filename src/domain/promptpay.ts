/**
 * PromptPay "Thai QR payment" payload (EMVCo merchant-presented QR) for a transfer of an exact amount,
 * so the player's banking app fills in the unique deposit amount by itself.
 */
const PROMPTPAY_AID = "A000000677010111";

function field(id: string, value: string): string {
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), as EMVCo requires for tag 63. */
export function crc16(data: string): string {
  let crc = 0xffff;
  for (let i = 0; i < data.length; i++) {
    crc ^= data.charCodeAt(i) << 8;
    for (let b = 0; b < 8; b++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** Target: a Thai mobile number (10 digits, 0xxxxxxxxx) or a national/tax id (13 digits). */
export function promptPayPayload(target: string, amountBaht?: number): string {
  const digits = target.replace(/\D/g, "");
  let account: string;
  if (/^0\d{9}$/.test(digits)) account = field("01", `0066${digits.slice(1)}`);
  else if (/^\d{13}$/.test(digits)) account = field("02", digits);
  else throw new RangeError("PromptPay target must be a 10-digit mobile number or a 13-digit id");
  const parts = [
    field("00", "01"),
    field("01", amountBaht === undefined ? "11" : "12"),
    field("29", field("00", PROMPTPAY_AID) + account),
    field("58", "TH"),
    field("53", "764"),
  ];
  if (amountBaht !== undefined) {
    if (!(amountBaht > 0) || !Number.isFinite(amountBaht)) throw new RangeError("amount must be positive");
    parts.push(field("54", amountBaht.toFixed(2)));
  }
  const body = `${parts.join("")}6304`;
  return body + crc16(body);
}
