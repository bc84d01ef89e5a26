import { startTestServer } from '@prospectkit/server/testing';

const server = await startTestServer({ kind: 'pglite' }); // or 'postgres' with TEST_DATABASE_URL
const token = await server.token({ abilities: ['prospects:read'] });
await fetch(`${server.baseUrl}/prospects`, { headers: { authorization: `Bearer ${token}` } });
await server.close();
