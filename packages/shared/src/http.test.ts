import { describe, expect, it } from "vitest";
import { acceptsGzip } from "./http.ts";

describe("acceptsGzip", () => {
  it("takes gzip when a browser lists it, with or without a weight", () => {
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsGzip("br;q=1.0, GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
  });

  it("sends plain text when gzip is missing or refused", () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip("")).toBe(false);
    expect(acceptsGzip("br, deflate")).toBe(false);
    expect(acceptsGzip("gzip;q=0, br")).toBe(false);
    expect(acceptsGzip("*, gzip;q=0")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
  });
});
