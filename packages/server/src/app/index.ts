export { appRouter, type SettingsOptions } from './app-router.js';
