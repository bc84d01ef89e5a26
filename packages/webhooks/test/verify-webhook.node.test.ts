import { describe } from 'vitest';
import { createNodeCryptoProvider } from '../src/index.js';
import { verifyWebhookSuite } from './verify-webhook-suite.js';

describe('verifyWebhook with node:crypto', () => verifyWebhookSuite(createNodeCryptoProvider()));
