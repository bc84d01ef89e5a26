import { describe, expect, it } from 'vitest';
import { csvCell } from './csv-cell.js';

/** The fields a spreadsheet reading `line` with `delimiter` sees (quotes honoured, as Excel and LibreOffice do). */
function fieldsUnder(line: string, delimiter: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields;
}

const FORMULA_START = /^[\s"]*[=+\-@]|^[\t\r]/;

// Finding 6 of the security review (issue 24): `;=cmd|...` was written bare, so a spreadsheet splitting the file
// on `;` saw a cell starting with `=`. OWASP, CSV injection: no cell may begin a formula, under any delimiter.
describe('csvCell', () => {
  it.each<[string, { given: string | number | null; want: string }]>([
    ['plain text', { given: 'Missing company', want: 'Missing company' }],
    ['a number', { given: 12, want: '12' }],
    ['null', { given: null, want: '' }],
    ['a comma', { given: 'a, b', want: '"a, b"' }],
    ['a quote', { given: 'say "hi"', want: '"say ""hi"""' }],
    ['=', { given: '=1+1', want: "'=1+1" }],
    ['+', { given: '+1', want: "'+1" }],
    ['-', { given: '-1', want: "'-1" }],
    ['@', { given: '@SUM(A1)', want: "'@SUM(A1)" }],
    ['a tab', { given: '\t=1', want: "'\t'=1" }],
    ['a carriage return', { given: '\r=1', want: `"'\r'=1"` }],
    ['after a leading ;', { given: ";=cmd|' /C calc'!A0", want: ";'=cmd|' /C calc'!A0" }],
    ['after a leading ,', { given: ',=cmd|x', want: `",'=cmd|x"` }],
    ['after a ; inside', { given: 'Company;=HYPERLINK("x")', want: `"Company;'=HYPERLINK(""x"")"` }],
    ['after a tab inside', { given: 'a\t+1', want: "a\t'+1" }],
    ['after a | inside', { given: 'a|@x', want: "a|'@x" }],
    ['after a newline inside', { given: 'a\n=1', want: `"a\n'=1"` }],
    ['after spaces', { given: '; =1', want: ";' =1" }],
    ['after a quote', { given: ';"=1"', want: `";'""=1"""` }],
    ['a hyphen inside a word', { given: 'e-mail; co-op', want: 'e-mail; co-op' }],
  ])('%s', (_name, { given, want }) => {
    expect(csvCell(given)).toBe(want);
  });

  it.each([',', ';', '\t', '|'])(
    'leaves no field starting a formula when the file is read with %j',
    (delimiter) => {
      const hostile = [';=cmd', ',=cmd', '\t=cmd', '|=cmd', ' =1', ';"=1"', ';+1', ';-1', ';@x', 'x;\r=1'];
      for (const value of hostile) {
        const line = `3,${csvCell(value)},${csvCell('reason')}`;
        for (const field of fieldsUnder(line, delimiter)) expect(field).not.toMatch(FORMULA_START);
      }
    },
  );
});
