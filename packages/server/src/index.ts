/**
 * The reference server of the Prospect Management and Webhook Service, to embed: the Express app
 * ({@link createApp}, {@link startServer}), its storage on PostgreSQL or embedded PGlite ({@link openDatabase},
 * {@link migrate}), the webhook delivery worker ({@link createDeliveryWorker}) and the store functions the
 * `prospectkit-server` CLI is built on. `@prospectkit/server/testing` starts it in-process for tests.
 *
 * @example
 * import { loadConfig, startServer } from '@prospectkit/server';
 * const running = await startServer(loadConfig());
 * @see the package README (packages/server/README.md) for the CLI, configuration and delivery rules
 * @packageDocumentation
 */
export { ABILITIES, type Ability, type BuiltEvent, buildEvent, type EventType } from '@prospectkit/core';
export type { SettingsOptions } from './app/index.js';
export type { SettingsMail } from './app/shared/app-context.js';
export {
  createGrantCache,
  type GrantCache,
  type GrantCacheOptions,
} from './auth/grant-cache.js';
export type { TokenGrant } from './auth/token-grant.js';
export type { BackgroundWork } from './background-work.js';
export {
  BULK_RUNNER_DEFAULTS,
  type BulkRunner,
  type BulkRunnerOptions,
  createBulkRunner,
} from './bulk/create-bulk-runner.js';
export { type Clock, systemClock } from './clock.js';
export { ConfigError, type LoadConfigOptions, loadConfig, type ServerConfig } from './config.js';
export type {
  Database,
  Pool,
  PoolOptions,
  PoolUse,
  QueryOptions,
  Row,
  Sql,
  TransactionOptions,
} from './db/database.js';
export { BACKGROUND_QUIET_MS } from './db/database.js';
export { migrate } from './db/migrations.js';
export { type DatabaseTarget, openDatabase } from './db/open-database.js';
export { createPgliteDatabase, DataDirectoryLockedError } from './db/pglite-database.js';
export { createPostgresDatabase } from './db/postgres-database.js';
export { createDeliveryWorker, type DeliveryWorker } from './delivery/delivery-worker.js';
export { DELIVERY_WORKER_DEFAULTS, type DeliveryWorkerOptions } from './delivery/delivery-worker-options.js';
export {
  type CheckedWebhookAddress,
  type GuardOptions,
  guardWebhookAddress,
} from './delivery/guard-webhook-address.js';
export { type HostResolver, systemResolver } from './delivery/host-resolver.js';
export { type AddressClass, classifyAddress } from './delivery/public-address.js';
export { registerWebhook } from './delivery/register-webhook.js';
export { attemptOutcome, MAX_ATTEMPTS, RETRY_DELAYS_MS } from './delivery/retry-schedule.js';
export { WEBHOOK_USER_AGENT } from './delivery/user-agent.js';
export {
  checkWebhookAddress,
  WebhookAddressError,
  type WebhookAddressErrorCode,
} from './delivery/webhook-address.js';
export { bootstrapDemo } from './dev-bootstrap.js';
export { type AppOptions, createApp } from './http/create-app.js';
export {
  type ColumnMapping,
  type CustomFieldTarget,
  cancelImport,
  createImportRunner,
  type DescribeMappingOptions,
  type DuplicateMode,
  type DuplicatePolicy,
  describeMappingProblems,
  type GuessedFieldType,
  getImportJob,
  guessFieldType,
  IMPORT_RUNNER_DEFAULTS,
  ImportError,
  type ImportErrorCode,
  type ImportInspection,
  type ImportJob,
  type ImportJobStatus,
  type ImportRejection,
  type ImportRunner,
  type ImportRunnerOptions,
  type ImportSettings,
  type ImportShapeLimits,
  importReportCsv,
  importSummary,
  inspectImport,
  listImportJobs,
  type MappingProblem,
  type MappingProblemCode,
  type MappingTarget,
  type NewFieldSpec,
  PROSPECT_IMPORT_FIELDS,
  type ProspectField,
  type RememberedMapping,
  rememberedMapping,
  runImportNow,
  type StartImportOptions,
  type StoredNewField,
  type StoreImportUploadOptions,
  startImport,
  storeImportUpload,
  suggestMapping,
} from './import/index.js';
export { ListenError, type ListenerNames } from './listen-error.js';
export type { EmailHtmlLimits } from './mail/cut-email-html.js';
export type { MailConfig } from './mail/mail-config.js';
export type { MailSender, OutgoingMail, SendResult } from './mail/mail-sender.js';
export type { SmtpLimits } from './mail/smtp-limits.js';
export type { SmtpListener } from './mail/smtp-listener.js';
export type { MetricsConfig } from './metrics/metrics-config.js';
export type { PrometheusMetrics } from './metrics/prometheus-metrics.js';
export { NO_METRICS, type ServerMetrics } from './metrics/server-metrics.js';
export type { OwnerBootstrap } from './people/ensure-owner.js';
export { createLimiter, type Limiter } from './rate-limit/create-limiter.js';
export { createRedisLimiter } from './rate-limit/create-redis-limiter.js';
export { createLogger, type RunningServer, type StartServerOptions, startServer } from './start-server.js';
export { type RunningWorker, startWorker } from './start-worker.js';
export {
  type ApiTokenRecord,
  type CreateApiTokenInput,
  createApiToken,
  listApiTokens,
  revokeApiToken,
} from './store/api-tokens.js';
export { recordReplyReceived } from './store/app-events.js';
export type { BulkAction, BulkJob } from './store/bulk-jobs.js';
export {
  type AssignResult,
  assignConversation,
  type Conversation,
  ConversationError,
  getConversation,
} from './store/conversations.js';
export {
  type AddCustomFieldResult,
  addCustomField,
  listCustomFields,
  removeCustomField,
} from './store/custom-fields.js';
export {
  type AttemptLogEntry,
  DELIVERY_STATUSES,
  type DeliveryRecord,
  type DeliveryScope,
  type DeliveryStatus,
  type DeliveryWithAttempts,
  getDelivery,
  listDeliveries,
  resendDelivery,
} from './store/deliveries.js';
export { type ClaimedDelivery, pruneAttempts } from './store/delivery-queue.js';
export { type EventRecord, listEvents } from './store/events.js';
export type { MailQuota } from './store/mail-quota.js';
export { DELIVERY_CHANNEL, enqueueEvents } from './store/outbox.js';
export {
  createTeammate,
  getTeammate,
  listTeammates,
  removeTeammate,
  type Teammate,
  TeammateError,
  type TeammateIssues,
} from './store/teammates.js';
export { createWebhook, listWebhooks, revokeWebhook, type WebhookRecord } from './store/webhooks.js';
export {
  createWorkspace,
  listWorkspaces,
  setWorkspaceSuspended,
  type Workspace,
} from './store/workspaces.js';
export type { Tracing } from './tracing/start-tracing.js';
