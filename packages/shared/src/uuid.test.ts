import { describe, expect, it } from "vitest";
import { randomUuid } from "./uuid.ts";

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("randomUuid", () => {
  it("uses the browser's own where it has one", () => {
    expect(randomUuid(crypto)).toMatch(V4);
  });

  it("makes a version 4 UUID from random bytes where randomUUID is missing (plain HTTP)", () => {
    const insecure = { getRandomValues: (array: Uint8Array<ArrayBuffer>) => array.fill(0xff) };
    expect(randomUuid(insecure)).toBe("ffffffff-ffff-4fff-bfff-ffffffffffff");
    const random = {
      getRandomValues: (array: Uint8Array<ArrayBuffer>) => crypto.getRandomValues(array),
    };
    const ids = new Set(Array.from({ length: 50 }, () => randomUuid(random)));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(V4);
  });
});
