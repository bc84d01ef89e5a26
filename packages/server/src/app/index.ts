export { ensureAdminPassword } from './account/admin-password.js';
export { type SettingsOptions, settingsRouter } from './app-router.js';
