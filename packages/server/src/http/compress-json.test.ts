import { gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApi } from "../testing/api.ts";
import { createStory, createUser } from "../testing/fixtures.ts";

const t = useTestApi();

beforeAll(async () => {
  const author = await createUser(t.handle.db);
  for (let n = 0; n < 12; n++) {
    await createStory(t.handle.db, author.id, {
      title: `Story number ${n}`,
      description: "A description long enough that a dozen of them make a list worth zipping.",
      parts: [{ title: "One", text: "<p>Once.</p>" }],
    });
  }
});

const LIST = "/api/v3/stories?filter=new&limit=12";

describe("JSON answers", () => {
  it("go gzipped to a client that takes gzip, and decode to the plain answer", async () => {
    const plain = await t.get(LIST);
    expect(plain.headers.get("content-encoding")).toBeNull();
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(1024);

    const zipped = await t.get(LIST, { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toBe("Accept-Encoding");
    expect(zipped.headers.get("content-type")).toContain("application/json");
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(bytes.byteLength).toBeLessThan(text.length / 2);
    expect(JSON.parse(gunzipSync(bytes).toString())).toEqual(JSON.parse(text));
  });

  it("stay plain under 1 kB, errors included, and for clients that refuse gzip", async () => {
    const small = await t.get("/api/v3/stories/999999", {
      headers: { "accept-encoding": "gzip" },
    });
    expect(small.status).toBe(404);
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(small.headers.get("vary")).toBe("Accept-Encoding");
    expect(await small.json()).toMatchObject({ code: "not_found" });

    const refused = await t.get(LIST, { headers: { "accept-encoding": "gzip;q=0, br" } });
    expect(refused.headers.get("content-encoding")).toBeNull();
    expect((await refused.json()).stories).toHaveLength(12);
  });
});
