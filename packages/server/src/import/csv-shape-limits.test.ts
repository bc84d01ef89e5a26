import { describe, expect, it } from 'vitest';
import { createCsvShapeCheck, type ImportShapeLimits } from './csv-shape-limits.js';
import { ImportError } from './import-error.js';

const LIMITS: ImportShapeLimits = { maxColumns: 3, maxFieldBytes: 8, maxRowBytes: 16 };

/** What the check says of `text`, fed whole and then byte by byte (the two must agree). */
function check(text: string, delimiter = ','): string {
  const outcomes = [[Buffer.from(text)], [...Buffer.from(text)].map((b) => Buffer.from([b]))].map(
    (pieces) => {
      const shape = createCsvShapeCheck(delimiter, LIMITS);
      try {
        for (const piece of pieces) shape.push(piece);
        return 'ok';
      } catch (error) {
        if (!(error instanceof ImportError)) throw error;
        return `${error.code}: ${error.message}`;
      }
    },
  );
  expect(outcomes[1]).toBe(outcomes[0]);
  return outcomes[0] as string;
}

describe('createCsvShapeCheck', () => {
  it.each<[string, { given: string; delimiter?: string; want: RegExp }]>([
    ['columns at the limit', { given: 'a,b,c\n1,2,3\n', want: /^ok$/ }],
    [
      'a header one column over',
      { given: 'a,b,c,d\n', want: /^too_many_columns: The header row has more than 3/ },
    ],
    ['a row one column over', { given: 'a,b\n1,2,3,4\n', want: /^too_many_columns: Line 2 has more than 3/ }],
    ['empty columns count', { given: ',,,\n', want: /^too_many_columns/ }],
    ['delimiters inside quotes do not', { given: 'a,"b,b,b",c\n', want: /^ok$/ }],
    ['the detected delimiter only', { given: 'a;b;c,d,e,f\n', delimiter: ';', want: /^ok$/ }],
    ['tabs', { given: 'a\tb\tc\td\n', delimiter: '\t', want: /^too_many_columns/ }],
    ['a field at the limit', { given: 'a,12345678\n', want: /^ok$/ }],
    [
      'a field over it',
      { given: 'a\n123456789\n', want: /^field_too_large: A field on line 2 is larger than 8 bytes/ },
    ],
    ['a quoted field counts its quotes', { given: 'a\n"1234567"\n', want: /^field_too_large/ }],
    ['escaped quotes stay in the field', { given: 'a\n"a"",b"\n', want: /^ok$/ }],
    ['a row over its limit', { given: 'a\n1234,1234,12345678\n', want: /^row_too_large: The row on line 2/ }],
    ['line breaks end rows: LF, CRLF, CR', { given: 'a,b,c\n1,2,3\r\n4,5,6\r7,8,9', want: /^ok$/ }],
    ['blank lines between rows', { given: 'a\n\n\r\n\n1,2,3,4\n', want: /^too_many_columns: Line 5/ }],
    [
      'a quoted line break stays in its row and counts a line',
      { given: 'a\n"x\ny",2,3,4\n', want: /^too_many_columns: Line 2/ },
    ],
    [
      'a quoted line break before the next row',
      { given: 'a\n"x\ny"\n1,2,3,4\n', want: /^too_many_columns: Line 4/ },
    ],
    ['a quote inside an unquoted field is text', { given: 'a"b,c\n"d",e,f\n', want: /^ok$/ }],
    ['a never-closed quote is one big field', { given: 'a\n"12345678,9\n', want: /^field_too_large/ }],
  ])('%s', (_name, { given, delimiter, want }) => {
    expect(check(given, delimiter)).toMatch(want);
  });
});
