import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

// DATA_DIR holds the embedded database, the uploads and the token-signing secret: the owner's only.
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

/**
 * Makes `dir` (created if missing) and everything under it the owner's only: folders 0700, files
 * 0600. It mends a folder left open by an older version or by PGlite, which creates a new
 * cluster's files 0666 whatever the umask. Symbolic links are not followed.
 */
export function secureDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  restrict(dir);
}

function restrict(at: string) {
  const stat = lstatSync(at);
  if (stat.isSymbolicLink()) return;
  const mode = stat.isDirectory() ? DIR_MODE : FILE_MODE;
  if ((stat.mode & 0o777) !== mode) chmodSync(at, mode);
  if (stat.isDirectory()) for (const name of readdirSync(at)) restrict(path.join(at, name));
}

/** Files and folders this process makes from now on are the owner's only (not settable in a worker thread). */
export function ownerOnlyFiles(): void {
  if (isMainThread) process.umask(0o077);
}
