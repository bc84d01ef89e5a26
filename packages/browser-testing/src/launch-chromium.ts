import { type Browser, chromium, type LaunchOptions } from 'playwright-core';
import { chromiumExecutable, NPM_CHROMIUM_FONTS } from './chromium-executable.js';

/**
 * Flags for a headless Chromium on a machine with no display, no GPU and no network but loopback: without the
 * background-networking flags Chromium keeps trying to reach outside hosts, which this machine refuses.
 */
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--font-render-hinting=none',
];

/**
 * Launches headless Chromium with playwright-core for a browser test.
 *
 * The binary comes from {@link chromiumExecutable} (`CHROMIUM_PATH`, or the one npm installs); a missing browser
 * is an error, never a skipped test.
 *
 * @param options - playwright-core launch options merged over the defaults (`timeout` 60,000 ms).
 * @returns the launched browser; close it in `afterAll`.
 * @throws Error when no Chromium can be found or started.
 * @example
 * const browser = await launchChromium();
 * const page = await browser.newPage();
 */
export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  const { path, source } = await chromiumExecutable();
  return chromium.launch({
    timeout: 60_000,
    ...options,
    executablePath: path,
    args: [...ARGS, ...(options.args ?? [])],
    // The npm build carries its own fonts, so pages render text on a machine with no fonts installed.
    env: source === 'npm' ? { FONTCONFIG_PATH: NPM_CHROMIUM_FONTS(), ...process.env } : process.env,
  });
}
