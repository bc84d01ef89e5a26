import { runQuickstart } from './run-quickstart.js';

// `npm run example:quickstart`: the whole main job in one command.
await runQuickstart();
