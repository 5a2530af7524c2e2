import { crc32, deflateRawSync } from "node:zlib";

/**
 * A zip archive in memory, over node:zlib (decision 042): deflated entries with UTF-8
 * names, no zip64, so under 65,535 entries and 4 GiB, far beyond a story's parts.
 */
export interface ZipEntry {
  name: string;
  data: string | Uint8Array;
  modified: Date;
}

const UTF8_NAMES = 0x0800;
const DEFLATE = 8;
const STORE = 0;
const VERSION = 20;

/** MS-DOS time and date, as zip headers keep them (2-second steps, years from 1980). */
function dosDateTime(date: Date): { time: number; day: number } {
  const year = Math.min(Math.max(date.getUTCFullYear(), 1980), 2107);
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
    day: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

interface EntryFields {
  method: number;
  time: number;
  day: number;
  crc: number;
  stored: number;
  size: number;
  nameLength: number;
}

/**
 * What an entry's local header and its central directory record both hold, in the same
 * order: from the version needed to extract up to the name's length.
 */
function writeEntryFields(header: Buffer, at: number, fields: EntryFields): void {
  header.writeUInt16LE(VERSION, at);
  header.writeUInt16LE(UTF8_NAMES, at + 2);
  header.writeUInt16LE(fields.method, at + 4);
  header.writeUInt16LE(fields.time, at + 6);
  header.writeUInt16LE(fields.day, at + 8);
  header.writeUInt32LE(fields.crc, at + 10);
  header.writeUInt32LE(fields.stored, at + 14);
  header.writeUInt32LE(fields.size, at + 18);
  header.writeUInt16LE(fields.nameLength, at + 22);
}

export function zip(entries: readonly ZipEntry[]): Buffer {
  if (entries.length > 0xffff) throw new Error("A zip without zip64 holds at most 65,535 entries");
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const data = typeof entry.data === "string" ? Buffer.from(entry.data, "utf8") : entry.data;
    const deflated = deflateRawSync(data);
    // Tiny or already-compressed data can grow when deflated: such entries are stored.
    const method = deflated.length < data.length ? DEFLATE : STORE;
    const body = method === DEFLATE ? deflated : data;
    const fields: EntryFields = {
      method,
      ...dosDateTime(entry.modified),
      crc: crc32(data),
      stored: body.length,
      size: data.length,
      nameLength: name.length,
    };

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, fields);
    chunks.push(local, name, Buffer.from(body.buffer, body.byteOffset, body.byteLength));

    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(VERSION, 4);
    writeEntryFields(header, 6, fields);
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, directory, end]);
}
