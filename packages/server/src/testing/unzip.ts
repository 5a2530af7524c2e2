import { crc32, inflateRawSync } from "node:zlib";

/**
 * Reads a zip as a client would (central directory first), checking each entry's CRC: the
 * tests' view of what a download holds. Entries in the directory's order.
 */
export function unzip(archive: Buffer): { name: string; text: string; modified: Date }[] {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error("not a zip: no end of central directory");
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const entries = [];
  for (let index = 0; index < count; index++) {
    if (archive.readUInt32LE(at) !== 0x02014b50) throw new Error("bad central directory entry");
    const method = archive.readUInt16LE(at + 10);
    const time = archive.readUInt16LE(at + 12);
    const day = archive.readUInt16LE(at + 14);
    const crc = archive.readUInt32LE(at + 16);
    const size = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const extra = archive.readUInt16LE(at + 30);
    const comment = archive.readUInt16LE(at + 32);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    if (archive.readUInt32LE(local) !== 0x04034b50) throw new Error(`bad local header: ${name}`);
    const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const body = archive.subarray(start, start + size);
    const data = method === 8 ? inflateRawSync(body) : body;
    if (crc32(data) !== crc) throw new Error(`CRC mismatch: ${name}`);
    const modified = new Date(
      Date.UTC(
        (day >> 9) + 1980,
        ((day >> 5) & 15) - 1,
        day & 31,
        time >> 11,
        (time >> 5) & 63,
        (time & 31) * 2,
      ),
    );
    entries.push({ name, text: data.toString("utf8"), modified });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}
