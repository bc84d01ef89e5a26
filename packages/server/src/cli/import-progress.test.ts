import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createImportProgress } from './import-progress.js';

function capture(isTTY = false) {
  const stream = new PassThrough() as unknown as NodeJS.WriteStream & PassThrough;
  let text = '';
  stream.on('data', (chunk) => {
    text += chunk;
  });
  // cli-progress asks a terminal for its size and moves the cursor.
  Object.assign(stream, {
    isTTY,
    columns: 80,
    cursorTo: () => true,
    clearLine: () => true,
    moveCursor: () => true,
  });
  return { stream, text: () => text };
}

describe('createImportProgress', () => {
  it('draws a progress bar on a terminal', () => {
    const out = capture(true);
    const progress = createImportProgress({ stream: out.stream });
    progress.update({ rows_done: 0, total_rows: 4 });
    progress.update({ rows_done: 4, total_rows: 4 });
    progress.stop();
    expect(out.text()).toMatch(/import \[=+\] 100% \| 4\/4 rows/);
  });

  it('writes plain lines elsewhere, at most one a second, and always the last', () => {
    const out = capture();
    let now = 0;
    const progress = createImportProgress({ stream: out.stream, now: () => now });
    progress.update({ rows_done: 500, total_rows: 2000 });
    now = 100;
    progress.update({ rows_done: 1000, total_rows: 2000 });
    now = 1200;
    progress.update({ rows_done: 1500, total_rows: 2000 });
    now = 1300;
    progress.update({ rows_done: 2000, total_rows: 2000 });
    progress.stop();
    expect(out.text()).toBe(
      'import: 500/2000 rows (25%)\nimport: 1500/2000 rows (75%)\nimport: 2000/2000 rows (100%)\n',
    );
  });

  it('never writes the same line twice: a last batch with no rows, or a job polled while another process runs it', () => {
    const out = capture();
    let now = 0;
    const progress = createImportProgress({ stream: out.stream, now: () => now });
    progress.update({ rows_done: 1000, total_rows: 1000 });
    now = 300;
    // The run's final commit of an empty batch reports the same counts again.
    progress.update({ rows_done: 1000, total_rows: 1000 });
    now = 1500;
    progress.update({ rows_done: 1000, total_rows: 1000 });
    progress.stop();
    expect(out.text()).toBe('import: 1000/1000 rows (100%)\n');
  });
});
