/**
 * Tells which file lines each CSV record spans, from the byte offsets csv-parse reports (`info.bytes`, the end
 * of a record with its delimiter): csv-parse's own line count counts a quoted CRLF twice. A line break is CRLF,
 * LF or a lone CR; blank lines before a record are not part of it.
 */
export function createLineCounter() {
  const chunks: Array<{ start: number; data: Uint8Array }> = [];
  let fed = 0;
  let position = 0;
  let line = 1;
  let previous = 0;
  return {
    /** Records a chunk given to the parser, in order. */
    feed(data: Uint8Array) {
      chunks.push({ start: fed, data });
      fed += data.length;
    },
    /** The lines of the record that ends (with its delimiter) at byte `end`. */
    record(end: number): { line: number; endLine: number } {
      let breaks = 0;
      let leading = -1;
      let beforeLastContent = 0;
      while (position < end) {
        const chunk = chunks[0];
        if (!chunk) break;
        const stop = Math.min(end, chunk.start + chunk.data.length);
        for (let i = position - chunk.start; i < stop - chunk.start; i += 1) {
          const byte = chunk.data[i] as number;
          if (byte === 13 || (byte === 10 && previous !== 13)) breaks += 1;
          else if (byte !== 10) {
            if (leading === -1) leading = breaks;
            beforeLastContent = breaks;
          }
          previous = byte;
        }
        position = stop;
        if (position >= chunk.start + chunk.data.length) chunks.shift();
      }
      const span = { line: line + Math.max(leading, 0), endLine: line + beforeLastContent };
      line += breaks;
      return span;
    },
  };
}
