import { mkdir, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";

/** Writes aside and renames, so a reader never gets half a file. */
export async function writeAtomically(target: string, bytes: Buffer): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  const partial = `${target}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(partial, bytes);
  await rename(partial, target);
}
