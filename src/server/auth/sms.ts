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
