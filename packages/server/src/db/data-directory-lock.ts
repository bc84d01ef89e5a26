import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import lockfile from 'proper-lockfile';

/** Thrown when another process holds the embedded data directory. */
export class DataDirectoryLockedError extends Error {
  /** The class name, `'DataDirectoryLockedError'`. */
  override readonly name = 'DataDirectoryLockedError';
  constructor(dataDir: string, holder?: { pid: number; hostname: string }) {
    const who = holder ? ` (process ${holder.pid} on ${holder.hostname})` : '';
    super(
      `The embedded database in ${dataDir} is in use by another prospectkit-server process${who} (PGlite allows one process at a time). ` +
        'Stop that process first, run this command against PostgreSQL with DATABASE_URL, or point PROSPECTKIT_DATA_DIR at another directory.',
    );
  }
}

/**
 * Who holds a lock, written beside it once it is taken (not inside: proper-lockfile watches the lock directory's
 * modification time). `lock` is the lock directory's inode, so a file left by an older holder is never taken for
 * the current one's.
 */
interface LockHolder {
  pid: number;
  hostname: string;
  lock: number;
}

const holderFile = (lockPath: string) => `${lockPath}.holder.json`;

/** The current lock's holder, when the file beside it names this very lock. */
async function readHolder(lockPath: string): Promise<LockHolder | undefined> {
  try {
    const [text, lock] = await Promise.all([readFile(holderFile(lockPath), 'utf8'), stat(lockPath)]);
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    return typeof parsed.pid === 'number' && typeof parsed.hostname === 'string' && parsed.lock === lock.ino
      ? { pid: parsed.pid, hostname: parsed.hostname, lock: lock.ino }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a process with this id runs on this machine (signal 0 tests for it without sending anything). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock of an embedded data directory (`<dataDir>.lock`, proper-lockfile's directory, kept fresh every
 * 5 s). A lock left by a process that died without releasing it (SIGKILL, a crash, a power cut) is recognised at
 * once when its holder ran on this machine and no longer runs: the lock names its holder's process id and host,
 * so a supervisor's immediate restart succeeds instead of waiting for the lock to age (15 s). A holder on another
 * host (a shared volume) is trusted until its lock is stale.
 *
 * @param dataDir the PGlite data directory
 * @returns a function that releases the lock
 * @throws {DataDirectoryLockedError} when a running process holds it
 */
export async function lockDataDirectory(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = `${dataDir}.lock`;
  const take = () =>
    lockfile.lock(dataDir, { lockfilePath: lockPath, stale: 15_000, update: 5_000, realpath: false });
  let release: () => Promise<void>;
  try {
    release = await take();
  } catch (error) {
    if ((error as { code?: string }).code !== 'ELOCKED') throw error;
    const holder = await readHolder(lockPath);
    const deadHere =
      holder !== undefined &&
      holder.hostname === hostname() &&
      holder.pid !== process.pid &&
      !processRuns(holder.pid);
    if (!deadHere) throw new DataDirectoryLockedError(dataDir, holder);
    await rm(lockPath, { recursive: true, force: true });
    try {
      release = await take();
    } catch (again) {
      if ((again as { code?: string }).code === 'ELOCKED')
        throw new DataDirectoryLockedError(dataDir, await readHolder(lockPath));
      throw again;
    }
  }
  const holder: LockHolder = { pid: process.pid, hostname: hostname(), lock: (await stat(lockPath)).ino };
  await writeFile(holderFile(lockPath), JSON.stringify(holder));
  return async () => {
    await rm(holderFile(lockPath), { force: true });
    await release();
  };
}
