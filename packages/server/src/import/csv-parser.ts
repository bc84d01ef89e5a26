import { type Options, parse } from 'csv-parse';

/**
 * The one csv-parse configuration of the engine, for the upload's checks and the run alike: UTF-8 with or
 * without a BOM, RFC 4180 quoting (fields may hold the delimiter, quotes and newlines), blank lines skipped,
 * and rows of any width (a row wider than the header is rejected by the run, with its line).
 *
 * @param delimiter from {@link detectDelimiter}
 * @returns a csv-parse stream of `{ record, info }`, `info.bytes` being where the record ends, with its delimiter
 */
export function createCsvParser(delimiter: string) {
  const options: Options = {
    delimiter,
    bom: true,
    info: true,
    // Files mix line endings more often than one would think (rows pasted from elsewhere).
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
  };
  return parse(options);
}
