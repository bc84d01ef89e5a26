export { type ClientOptions, createClient, type ProspectKitClient } from './create-client.js';
export type { components, operations, paths, webhooks } from './generated/openapi.js';
