export { ensureAdminPassword } from './admin-password.js';
export { type SettingsOptions, settingsRouter } from './settings-router.js';
