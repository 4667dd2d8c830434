import { describe, expect, it } from "vitest";
import { smsStartWarning } from "./sms";

describe("smsStartWarning", () => {
  it("warns loudly when a production start would only log the codes", () => {
    const warning = smsStartWarning({ sender: "log" }, "production");
    expect(warning).toMatch(/NODE_ENV=production but SMS_SENDER is 'log'/);
    expect(warning).toMatch(/NO SMS is sent/);
  });

  it("is silent in development and with a real sender", () => {
    expect(smsStartWarning({ sender: "log" }, undefined)).toBeNull();
    expect(smsStartWarning({ sender: "log" }, "development")).toBeNull();
    expect(smsStartWarning({ sender: "webhook", url: "https://sms.example/send", token: undefined }, "production")).toBeNull();
  });
});
