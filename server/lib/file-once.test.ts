import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readOrCreateFile } from './file-once';

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lift-file-once-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('readOrCreateFile', () => {
  it('creates the file once and reads it afterwards, leaving no temporary file', () => {
    const file = path.join(scratch(), 'nested', 'secret');
    expect(readOrCreateFile(file, () => 'first')).toBe('first');
    expect(readOrCreateFile(file, () => 'second')).toBe('first');
    expect(readdirSync(path.dirname(file))).toEqual(['secret']);
  });

  it('hands processes starting together the same whole content', async () => {
    const file = path.join(scratch(), 'keys.json');
    const module = path.resolve(import.meta.dirname, 'file-once.ts');
    // Each process makes a large content of its own, so a half-written file would show, and all
    // wait for the same moment (after their slow start) before they look for the file.
    const startAt = Date.now() + 4000;
    const script = `import { readOrCreateFile } from ${JSON.stringify(module)};
      const made = JSON.stringify({ pid: process.pid, filler: 'x'.repeat(2_000_000) });
      while (Date.now() < ${startAt});
      process.stdout.write(readOrCreateFile(${JSON.stringify(file)}, () => made).slice(0, 40));`;
    const run = () =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
        let out = '';
        let err = '';
        child.stdout.on('data', (chunk) => {
          out += chunk;
        });
        child.stderr.on('data', (chunk) => {
          err += chunk;
        });
        child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(err))));
      });
    const answers = await Promise.all(Array.from({ length: 6 }, run));
    const stored = readFileSync(file, 'utf8');
    expect(JSON.parse(stored).filler).toHaveLength(2_000_000);
    expect(new Set(answers)).toEqual(new Set([stored.slice(0, 40)]));
    expect(readdirSync(path.dirname(file))).toEqual(['keys.json']);
  }, 60_000);
});
