import { describe, expect, it } from 'vitest';
import { cellToCustomValue, guessFieldType } from './guess-field-type.js';

describe('guessFieldType', () => {
  it.each([
    ['no values', ['', ' '], { type: 'text' }],
    ['yes/no', ['Yes', 'no', '', 'TRUE'], { type: 'checkbox' }],
    ['numbers', ['12', '7.5', '-3', '0'], { type: 'number' }],
    ['a postcode with a leading zero', ['01234', '75001'], { type: 'text' }],
    ['ISO dates', ['2024-03-05', '1999-12-31'], { type: 'date' }],
    ['other dates', ['05/03/2024', '31/12/1999'], { type: 'text' }],
    ['emails', ['a@b.example', 'c@d.example'], { type: 'email' }],
    ['URLs', ['https://a.example/x', 'http://b.example'], { type: 'url' }],
    [
      'few repeated values',
      ['VP', 'Director', 'VP', 'Director', 'VP'],
      { type: 'single_select', options: ['VP', 'Director'] },
    ],
    [
      'values separated by ;',
      ['SaaS; Fintech', 'Fintech', 'SaaS|AI', 'AI'],
      { type: 'multi_select', options: ['SaaS', 'Fintech', 'AI'] },
    ],
    ['free text', ['Met at the fair, wants a demo', 'Call back in May'], { type: 'text' }],
  ])('%s', (_, values, want) => {
    expect(guessFieldType(values)).toEqual(want);
  });
});

describe('cellToCustomValue', () => {
  it.each([
    ['number', ' 12.5 ', 12.5],
    ['number', 'many', 'many'],
    ['checkbox', 'Yes', true],
    ['checkbox', '0', false],
    ['multi_select', 'a; b;a', ['a', 'b']],
    ['text', ' x ', 'x'],
  ] as const)('%s %j', (type, cell, want) => {
    expect(cellToCustomValue(type, cell)).toEqual(want);
  });
});
