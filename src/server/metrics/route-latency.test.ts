import { describe, expect, it } from "vitest";
import { LATENCY_BUCKETS, routeLatency } from "./route-latency";

describe("routeLatency", () => {
  it("counts each observation in the first bucket whose bound holds it, cumulatively, per route and status", async () => {
    const latency = routeLatency();
    const slips = {};
    latency.observe(slips, "POST", "/api/post-numberdigit-mockdata", 200, 0.003);
    latency.observe(slips, "POST", "/api/post-numberdigit-mockdata", 200, 0.005); // on a bound: that bucket
    latency.observe(slips, "POST", "/api/post-numberdigit-mockdata", 200, 0.03);
    latency.observe(slips, "POST", "/api/post-numberdigit-mockdata", 200, 20); // past the largest bound
    latency.observe(slips, "POST", "/api/post-numberdigit-mockdata", 409, 0.2);
    latency.observe({}, "GET", undefined, 404, 0.001);

    const { values, type } = await latency.metric().get();
    expect(type).toBe("histogram");
    const of = (status: string, suffix: string, le?: string) =>
      values.find(
        (v) =>
          v.metricName === `lotto_http_request_duration_seconds${suffix}` &&
          v.labels.status_code === status &&
          (le === undefined ? v.labels.le === undefined : String(v.labels.le) === le),
      )?.value;
    const cumulative = LATENCY_BUCKETS.map((le) => of("200", "_bucket", String(le)));
    expect(cumulative).toEqual([2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3]); // 0.03 s is past 0.025: in 0.05
    expect(of("200", "_bucket", "+Inf")).toBe(4);
    expect(of("200", "_count")).toBe(4);
    expect(of("200", "_sum")).toBeCloseTo(20.038);
    expect(of("409", "_count")).toBe(1);
    // No route matched: one series, whatever the URL was.
    expect(values.find((v) => v.metricName?.endsWith("_count") && v.labels.route === "unmatched")?.value).toBe(1);
  });
});
