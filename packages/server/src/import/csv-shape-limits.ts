import { ImportError } from './import-error.js';

/** The largest shape of CSV file an import accepts (the defaults: `DEFAULT_IMPORT_SHAPE_LIMITS`). */
export interface ImportShapeLimits {
  /** `PROSPECTKIT_IMPORT_MAX_COLUMNS`: columns in any row, the header's included. */
  maxColumns: number;
  /** `PROSPECTKIT_IMPORT_MAX_FIELD_BYTES`: bytes of one field (one cell), quotes and line breaks in it included. */
  maxFieldBytes: number;
  /** `PROSPECTKIT_IMPORT_MAX_ROW_BYTES`: bytes of one row, delimiters included. */
  maxRowBytes: number;
}

/**
 * The defaults: 500 columns (wide CRM exports have a few hundred; the mapping page shows a select per column and
 * its form carries one field per column, so the settings area's form parser takes that many), 64 KiB a field
 * (notes hold at most 10,000 characters, `openapi.yaml` `ProspectCreate`, 40 KB in UTF-8 at worst) and 256 KiB a
 * row (the mapping page previews 10 rows, so at most 2.5 MiB of cells).
 */
export const DEFAULT_IMPORT_SHAPE_LIMITS: Readonly<ImportShapeLimits> = {
  maxColumns: 500,
  maxFieldBytes: 64 * 1024,
  maxRowBytes: 256 * 1024,
};

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`
    : bytes >= 1024
      ? `${Math.round(bytes / 1024)} KiB`
      : `${bytes} bytes`;

/**
 * Checks the shape of a CSV file as it streams in, before any parser builds a row of it: columns per row, bytes
 * per field and per row, with the file's line numbers. A byte-level pass over the same grammar the engine's
 * csv-parse configuration reads (`createCsvParser`: RFC 4180 quotes, a quote only opens a field at its start,
 * CRLF, LF or CR end a row), with a few counters in memory whatever the file holds. csv-parse's own
 * `max_record_size` counts only the characters of fields, so a header of 5,000,000 empty columns passes it.
 *
 * @param delimiter the file's delimiter (`detectDelimiter`): `,`, `;` or a tab
 * @param limits the largest shape accepted. Default {@link DEFAULT_IMPORT_SHAPE_LIMITS}
 * @returns `push`: give it each piece of the file in order; it throws at the first byte past a limit
 * @throws {ImportError} `too_many_columns`, `field_too_large` or `row_too_large`, each naming the line and the limit
 * @example
 * const shape = createCsvShapeCheck(',', DEFAULT_IMPORT_SHAPE_LIMITS);
 * for await (const piece of file) shape.push(piece);
 * @see packages/server/README.md, "Importing prospects"
 */
export function createCsvShapeCheck(
  delimiter: string,
  limits: Readonly<ImportShapeLimits> = DEFAULT_IMPORT_SHAPE_LIMITS,
) {
  const separator = delimiter.charCodeAt(0);
  let line = 1;
  let rowLine = 1;
  let columns = 1;
  let fieldBytes = 0;
  let rowBytes = 0;
  let quoted = false;
  /** Inside a quoted field, the previous byte was a quote: `""` is a quote, anything else closes the field. */
  let quoteSeen = false;
  let previous = 0;
  const where = () => (rowLine === 1 ? 'The header row' : `Line ${rowLine}`);
  return {
    push(piece: Uint8Array): void {
      for (let i = 0; i < piece.length; i += 1) {
        const byte = piece[i] as number;
        const breaksLine = byte === CR || (byte === LF && previous !== CR);
        previous = byte;
        if (quoted && byte !== QUOTE && quoteSeen) quoted = quoteSeen = false;
        if (rowBytes === 0 && !quoted && byte !== CR && byte !== LF) rowLine = line;
        if (quoted) {
          if (byte === QUOTE) quoteSeen = !quoteSeen;
        } else if (byte === CR || byte === LF) {
          // The end of a row; blank lines between rows are skipped, as csv-parse skips them.
          if (breaksLine) line += 1;
          columns = 1;
          fieldBytes = 0;
          rowBytes = 0;
          continue;
        } else if (byte === separator) {
          columns += 1;
          fieldBytes = -1;
          if (columns > limits.maxColumns) {
            throw new ImportError(
              'too_many_columns',
              `${where()} has more than ${limits.maxColumns} columns, the most an import takes. Remove the columns you do not import, or check the file's delimiter.`,
            );
          }
        } else if (byte === QUOTE && fieldBytes === 0) quoted = true;
        if (breaksLine) line += 1;
        fieldBytes += 1;
        rowBytes += 1;
        if (fieldBytes > limits.maxFieldBytes) {
          throw new ImportError(
            'field_too_large',
            `A field on line ${rowLine} is larger than ${size(limits.maxFieldBytes)}, the most an import takes for one cell. Check its quotes (") or shorten it.`,
          );
        }
        if (rowBytes > limits.maxRowBytes) {
          throw new ImportError(
            'row_too_large',
            `The row on line ${rowLine} is larger than ${size(limits.maxRowBytes)}, the most an import takes for one row. Check its quotes (") or split it.`,
          );
        }
      }
    },
  };
}
