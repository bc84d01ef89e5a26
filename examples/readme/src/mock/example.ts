import { createClient } from '@prospectkit/client';
import { createProspectKitMock } from '@prospectkit/mock';
import { setupServer } from 'msw/node';

const mock = createProspectKitMock({ baseUrl: 'http://localhost:3000/api/v1' });
const server = setupServer(...mock.handlers);
server.listen({ onUnhandledRequest: 'error' });
const client = createClient({ baseUrl: 'http://localhost:3000/api/v1', token: 'any-token' });
await client.prospects.create({ company: 'Acme Ltd' }); // answered by the mock, as the server would
console.log(mock.events.map((e) => e.event)); // [ 'prospect.created' ]
server.close();
