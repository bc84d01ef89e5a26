import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildWebhookEvent, type CryptoProvider } from '../src/index.js';
import { clockAt, encoder, NOW, outcomeOf, SECRET, signerFor } from './verify-suite-fixtures.js';

/** Property: a signed request passes, and fails after any one change to its body, timestamp or signature. */
export function tamperPropertySuite(cryptoProvider: CryptoProvider): void {
  const sign = signerFor(cryptoProvider);

  describe('property: any change to body, timestamp or signature is rejected', () => {
    const envelope = fc.record({
      id: fc.stringMatching(/^evt_[0-9A-Z]{26}$/),
      company: fc.string({ unit: 'grapheme', maxLength: 200 }),
      contact_email: fc.option(fc.emailAddress(), { nil: null }),
    });
    const mutation = fc.oneof(
      fc.record({
        kind: fc.constant('flip-body-bit' as const),
        at: fc.nat(),
        bit: fc.integer({ min: 0, max: 7 }),
      }),
      fc.record({
        kind: fc.constant('insert-body-byte' as const),
        at: fc.nat(),
        byte: fc.integer({ min: 0, max: 255 }),
      }),
      fc.record({ kind: fc.constant('delete-body-byte' as const), at: fc.nat() }),
      fc.record({
        kind: fc.constant('shift-timestamp' as const),
        by: fc.integer({ min: -300, max: 300 }).filter((n) => n !== 0),
      }),
      fc.record({
        kind: fc.constant('change-signature-hex' as const),
        at: fc.integer({ min: 0, max: 63 }),
        to: fc.integer({ min: 1, max: 15 }),
      }),
    );

    it('passes unchanged and fails with no_matching_signature after one change', async () => {
      await fc.assert(
        fc.asyncProperty(envelope, mutation, async (fields, change) => {
          const event = buildWebhookEvent('prospect.created', {
            id: fields.id,
            data: { company: fields.company, contact_email: fields.contact_email },
          });
          let body = encoder.encode(JSON.stringify(event));
          const signed = await sign(body);
          let timestamp = signed['Service-Timestamp'];
          let signature = signed['Service-Signature'];
          const verify = () =>
            outcomeOf({
              body,
              headers: {
                'Service-Event-ID': fields.id,
                'Service-Timestamp': timestamp,
                'Service-Signature': signature,
              },
              secret: SECRET,
              clock: clockAt(NOW),
              cryptoProvider,
            });
          expect(await verify()).toBe('ok');
          switch (change.kind) {
            case 'flip-body-bit': {
              const at = change.at % body.length;
              body = body.slice();
              body[at] = (body[at] as number) ^ (1 << change.bit);
              break;
            }
            case 'insert-body-byte': {
              const at = change.at % (body.length + 1);
              body = new Uint8Array([...body.subarray(0, at), change.byte, ...body.subarray(at)]);
              break;
            }
            case 'delete-body-byte': {
              const at = change.at % body.length;
              body = new Uint8Array([...body.subarray(0, at), ...body.subarray(at + 1)]);
              break;
            }
            case 'shift-timestamp':
              timestamp = String(NOW + change.by);
              break;
            case 'change-signature-hex': {
              const hex = signature.slice(3);
              const digit = ((Number.parseInt(hex[change.at] as string, 16) + change.to) % 16).toString(16);
              signature = `v1=${hex.slice(0, change.at)}${digit}${hex.slice(change.at + 1)}`;
              break;
            }
          }
          expect(await verify()).toBe('no_matching_signature');
        }),
        { numRuns: 300 },
      );
    });
  });
}
