import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

/**
 * The content of `file`, which the first caller of any process creates with `make()` (mode 600):
 * generated secrets in DATA_DIR that every process must share. The content is written to a
 * temporary file first and linked into place, so a process starting at the same moment finds
 * either no file or a whole one, never the half-written file a plain exclusive create left
 * readable (two processes on an empty DATA_DIR, docs/scaling.md); a link that finds the file there
 * already leaves the first process's content in force.
 */
export function readOrCreateFile(file: string, make: () => string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = openSync(temp, 'wx', 0o600);
  try {
    writeSync(handle, make());
    fsyncSync(handle);
  } finally {
    closeSync(handle);
  }
  try {
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temp);
  }
  return readFileSync(file, 'utf8');
}
