import postgres from 'postgres';
import { createDedupeTable, PostgresDedupeStore } from '@prospectkit/webhooks/postgres';
const sql = postgres(process.env.DATABASE_URL!);
await createDedupeTable(sql); // or run dedupeTableSql() in your migrations
const dedupe = new PostgresDedupeStore({ sql }); // option table: 'name' or 'schema.name'
