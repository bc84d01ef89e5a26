import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A message written to disk as it arrived: its file (remove it when done) and its size in bytes. */
export interface SpooledMessage {
  path: string;
  bytes: number;
  /** Removes the file; safe to call more than once. */
  remove(): Promise<void>;
}

/** Where messages wait for the mail worker: a folder of the system's temporary directory, readable by us alone. */
const SPOOL_DIR = join(tmpdir(), 'prospectkit-mail');

/**
 * Writes a message's DATA to a file as it streams in, so a 25 MiB message never sits in memory and the mail
 * worker reads it from disk. Past `maxBytes` nothing more is written and the rest is read and dropped, so the
 * client gets its 552 at the end of DATA rather than a cut connection.
 *
 * @param stream smtp-server's DATA stream (dot-unstuffed)
 * @param maxBytes the largest message kept (`PROSPECTKIT_SMTP_MAX_BYTES`)
 * @returns the spooled message, or `undefined` (and no file) when it was larger than `maxBytes`
 * @example
 * const spooled = await spoolMessage(stream, 25 * 1024 * 1024);
 * try { ... } finally { await spooled?.remove(); }
 */
export async function spoolMessage(
  stream: NodeJS.ReadableStream & { sizeExceeded?: boolean },
  maxBytes: number,
): Promise<SpooledMessage | undefined> {
  await mkdir(SPOOL_DIR, { recursive: true, mode: 0o700 });
  const path = join(SPOOL_DIR, `${randomUUID()}.eml`);
  const remove = () => rm(path, { force: true });
  let bytes = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, bytes <= maxBytes ? chunk : undefined);
    },
  });
  try {
    await pipeline(stream, counted, createWriteStream(path, { mode: 0o600 }));
  } catch (error) {
    await remove();
    throw error;
  }
  if (stream.sizeExceeded || bytes > maxBytes) {
    await remove();
    return undefined;
  }
  return { path, bytes, remove };
}
