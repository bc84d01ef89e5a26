export { openTestDatabase, testDatabaseKinds } from './test-database.js';
