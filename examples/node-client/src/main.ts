import { runExample } from './run-example.js';

// `npm start -w examples/node-client`, against a running reference server (`npm start` prints a token):
//   PROSPECTKIT_TOKEN=pkt_... PROSPECTKIT_BASE_URL=http://localhost:3000/api/v1 npm start -w examples/node-client
const token = process.env.PROSPECTKIT_TOKEN;
if (!token) {
  console.error(
    'Set PROSPECTKIT_TOKEN to an API token (the reference server prints one on its first start).',
  );
  process.exit(1);
}
await runExample({ baseUrl: process.env.PROSPECTKIT_BASE_URL ?? 'http://localhost:3000/api/v1', token });
