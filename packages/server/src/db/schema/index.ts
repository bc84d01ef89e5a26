import type { Migration } from './migration.js';
import { v1 } from './v01-workspaces-tokens-prospects-outcomes.js';
import { v2 } from './v02-webhooks-events-deliveries-attempts.js';
import { v3 } from './v03-rate-limit-counters.js';
import { v4 } from './v04-delivery-claim-and-log-indexes.js';
import { v5 } from './v05-settings-area.js';
import { v6 } from './v06-prospect-count-per-workspace.js';
import { v7 } from './v07-prospect-count-in-shards.js';
import { v8 } from './v08-rate-limit-counters-unlogged.js';
import { v9 } from './v09-import-jobs.js';
import { v10 } from './v10-prospect-search-words.js';
import { v11 } from './v11-teammates-conversations.js';
import { v12 } from './v12-unmatched-messages.js';
import { v13 } from './v13-events-by-prospect.js';
import { v14 } from './v14-stored-prospects-follow-contract.js';
import { v15 } from './v15-mail-senders-quotas-postmaster.js';
import { v16 } from './v16-fleet-observability.js';
import { v17 } from './v17-people-roles-audit-log.js';
import { v18 } from './v18-contact-parts-location-parts-custom-fields.js';
import { v19 } from './v19-prospect-filters-sorts-unaccent.js';
import { v20 } from './v20-import-mapping-duplicates-report.js';
import { v21 } from './v21-bulk-jobs.js';
import { v22 } from './v22-custom-field-filter-index.js';
import { v23 } from './v23-prospects-by-import.js';

/**
 * The one ordered set of migrations, for PostgreSQL and PGlite alike: one file per version in this folder.
 * A new migration is a new file `vNN-name.ts` and one entry here; an applied migration is never edited.
 */
export const MIGRATIONS: readonly Migration[] = [
  v1,
  v2,
  v3,
  v4,
  v5,
  v6,
  v7,
  v8,
  v9,
  v10,
  v11,
  v12,
  v13,
  v14,
  v15,
  v16,
  v17,
  v18,
  v19,
  v20,
  v21,
  v22,
  v23,
];
