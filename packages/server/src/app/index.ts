export { ensureAdminPassword } from './account/admin-password.js';
export { appRouter, type SettingsOptions } from './app-router.js';
