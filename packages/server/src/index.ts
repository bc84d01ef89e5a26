export { type Clock, systemClock } from './clock.js';
export { ConfigError, loadConfig, type ServerConfig } from './config.js';
export type { Database, Sql } from './db/database.js';
export { migrate } from './db/migrations.js';
export { type DatabaseTarget, openDatabase } from './db/open-database.js';
export { createPgliteDatabase, DataDirectoryLockedError } from './db/pglite-database.js';
export { createPostgresDatabase } from './db/postgres-database.js';
export {
  createDeliveryWorker,
  type DeliveryWorker,
  type DeliveryWorkerOptions,
} from './delivery/delivery-worker.js';
export { checkWebhookAddress, WebhookAddressError } from './delivery/webhook-address.js';
export { bootstrapDemo } from './dev-bootstrap.js';
export { type AppOptions, createApp } from './http/create-app.js';
export { createLimiter, type Limiter } from './http/create-limiter.js';
export { createLogger, type RunningServer, startServer } from './start-server.js';
export { type ApiTokenRecord, createApiToken, listApiTokens, revokeApiToken } from './store/api-tokens.js';
export { createWebhook, listWebhooks, revokeWebhook, type WebhookRecord } from './store/webhooks.js';
export {
  createWorkspace,
  listWorkspaces,
  setWorkspaceSuspended,
  type Workspace,
} from './store/workspaces.js';
