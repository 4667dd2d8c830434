import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";

/** Sends the phone-check code. Outside the product: the default writes it to the log. */
export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
}

export function smsSender(config: Config["sms"], log: FastifyBaseLogger): SmsSender {
  if (config.sender === "webhook") {
    return {
      async send(phone, text) {
        const res = await fetch(config.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(config.token ? { authorization: `Bearer ${config.token}` } : {}),
          },
          body: JSON.stringify({ phone, text }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`SMS webhook answered ${res.status}`);
      },
    };
  }
  return {
    async send(phone, text) {
      log.info({ phone, sms: text }, "SMS (log sender)");
    },
  };
}

/**
 * A production start (NODE_ENV=production) with the log sender would write every player's phone-check
 * code to the log and send none: said loudly at start, once, so an operator cannot miss it.
 */
export function smsStartWarning(config: Config["sms"], nodeEnv: string | undefined): string | null {
  if (config.sender !== "log" || nodeEnv !== "production") return null;
  return [
    "",
    "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!",
    " WARNING: NODE_ENV=production but SMS_SENDER is 'log'.",
    " Phone-check codes are written to the server log and NO SMS is sent: players",
    " cannot register. Set SMS_SENDER=webhook and SMS_WEBHOOK_URL.",
    "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!",
    "",
  ].join("\n");
}
