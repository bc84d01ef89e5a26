export { appRouter, type SettingsOptions, WORKSPACE_AREAS } from './app-router.js';
