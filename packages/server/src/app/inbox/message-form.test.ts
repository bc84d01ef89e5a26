import { describe, expect, it } from 'vitest';
import { MAX_BODY_LENGTH, MAX_SUBJECT_LENGTH, parseMessageForm } from './message-form.js';

describe('parseMessageForm', () => {
  it.each<
    [string, { given: Record<string, string>; subjectRequired: boolean; errors?: Record<string, string> }]
  >([
    ['a new email', { given: { subject: ' Hi ', body: 'Hello' }, subjectRequired: true }],
    ['a reply without subject', { given: { subject: '', body: 'Hello' }, subjectRequired: false }],
    [
      'a new email without subject or body',
      {
        given: { subject: ' ', body: ' ' },
        subjectRequired: true,
        errors: { subject: 'Enter a subject.', body: 'Write the message.' },
      },
    ],
    [
      'a subject too long',
      {
        given: { subject: 'x'.repeat(MAX_SUBJECT_LENGTH + 1), body: 'b' },
        subjectRequired: false,
        errors: { subject: `The subject must be at most ${MAX_SUBJECT_LENGTH} characters.` },
      },
    ],
    [
      'a body too long',
      {
        given: { subject: 's', body: 'x'.repeat(MAX_BODY_LENGTH + 1) },
        subjectRequired: true,
        errors: { body: `The message must be at most ${MAX_BODY_LENGTH} characters.` },
      },
    ],
  ])('%s', (_name, { given, subjectRequired, errors }) => {
    const result = parseMessageForm(given, { subjectRequired });
    if (errors) expect(result).toMatchObject({ ok: false, errors });
    else expect(result.ok).toBe(true);
  });

  it('trims and leaves a blank reply subject out', () => {
    expect(
      parseMessageForm({ subject: '  ', body: ' Hi\r\nthere ' }, { subjectRequired: false }),
    ).toMatchObject({
      ok: true,
      value: { subject: undefined, body: 'Hi\nthere' },
    });
  });
});
