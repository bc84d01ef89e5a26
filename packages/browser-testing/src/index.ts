export { chromiumExecutable } from './chromium-executable.js';
export { launchChromium } from './launch-chromium.js';
