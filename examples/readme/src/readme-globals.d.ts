// The names README fragments take from the text around them ("the `client` of the example", "`id`, a
// prospect's id"), declared so each fragment type-checks exactly as the README shows it. The tests set them on
// globalThis before running a fragment (test/readme-harness.ts).
import type { ProspectKitClient } from '@prospectkit/client';
import type { ProspectKitMock } from '@prospectkit/mock';
import type { WebhookHandlers } from '@prospectkit/webhooks';
import type { ExpressWebhookContext } from '@prospectkit/webhooks/express';
import type { SetupServer } from 'msw/node';

declare global {
  /** The client of the client README's example. */
  var client: ProspectKitClient;
  /** A prospect's id. */
  var id: string;
  /** The same, where the mock README names it so. */
  var prospectId: string;
  /** The mock of the mock README's vitest suite. */
  var mock: ProspectKitMock;
  /** The msw server of the mock README's vitest suite. */
  var server: SetupServer;
  /** The base URL of the mock README's vitest suite. */
  var baseUrl: string;
  /** The incoming webhook request of "Verify by hand". */
  var request: Request;
  /** The handlers of the webhooks README's Express receiver. */
  var handlers: WebhookHandlers<ExpressWebhookContext>;
  /** The webhook receiver under test in the mock README. */
  var myReceiver: (request: Request) => Promise<Response>;
}
