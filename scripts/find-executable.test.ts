import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findExecutable, isExecutable } from '../apps/server/harness/find-executable.ts';

const dir = mkdtempSync(join(tmpdir(), 'find-executable-'));

function file(name: string, content: string, mode: number): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  chmodSync(path, mode);
  return path;
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('an executable', () => {
  it('is a non-empty file with the execute bit', () => {
    expect(isExecutable(file('runs', '#!/bin/sh\n', 0o755))).toBe(true);
  });

  it('is absent when the file is empty, not executable, a directory or missing', () => {
    expect(isExecutable(file('emptied', '', 0o755))).toBe(false);
    expect(isExecutable(file('plain', '#!/bin/sh\n', 0o644))).toBe(false);
    mkdirSync(join(dir, 'folder'), { recursive: true });
    expect(isExecutable(join(dir, 'folder'))).toBe(false);
    expect(isExecutable(join(dir, 'missing'))).toBe(false);
  });

  it('is found on PATH past an emptied file of the same name', () => {
    const first = join(dir, 'first');
    const second = join(dir, 'second');
    mkdirSync(first, { recursive: true });
    mkdirSync(second, { recursive: true });
    writeFileSync(join(first, 'tool'), '');
    chmodSync(join(first, 'tool'), 0o755);
    writeFileSync(join(second, 'tool'), '#!/bin/sh\n');
    chmodSync(join(second, 'tool'), 0o755);
    vi.stubEnv('PATH', `${first}:${second}`);
    expect(findExecutable('missing-tool', 'tool')).toBe(join(second, 'tool'));
    expect(findExecutable('missing-tool')).toBeUndefined();
  });
});
