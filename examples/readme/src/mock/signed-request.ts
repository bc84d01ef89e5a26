import { signedRequestFor } from '@prospectkit/mock';
import { expect } from 'vitest';

await client.POST('/prospects/{id}/outcomes', { params: { path: { id } }, body: { outcome: 'Won' } });
for (const event of mock.events) {
  const response = await myReceiver(await signedRequestFor(event, 'whk_test_secret'));
  expect(response.status).toBe(204);
}
