import { describe } from 'vitest';
import { createWebCryptoProvider } from '../src/index.js';
import { verifyWebhookSuite } from './verify-webhook-suite.js';

describe('verifyWebhook with Web Crypto', () => verifyWebhookSuite(createWebCryptoProvider()));
