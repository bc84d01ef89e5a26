#!/usr/bin/env node
import { Command } from 'commander';
import { registerAudit } from './audit.js';
import { exitWithError } from './cli-error.js';
import { registerConversations } from './conversations.js';
import { registerDeliveries } from './deliveries.js';
import { registerEvents } from './events.js';
import { registerMembers } from './members.js';
import { registerMigrate } from './migrate.js';
import { registerProspects } from './prospects.js';
import { registerSendTestMail } from './send-test-mail.js';
import { registerSimulate } from './simulate.js';
import { registerStart } from './start.js';
import { registerTeammates } from './teammates.js';
import { registerToken } from './token.js';
import { registerWebhook } from './webhook.js';
import { registerWorker } from './worker.js';
import { registerWorkspace } from './workspace.js';

/**
 * `prospectkit-server`, the package's bin: one file per command group, each registering its commands here.
 * Every command takes `--json` and exits with status 2 and a one-line explanation when the input is wrong.
 *
 * @see packages/server/README.md, "CLI"
 */
const program = new Command('prospectkit-server')
  .description('Reference server of the Prospect Management and Webhook Service')
  .showHelpAfterError();

registerStart(program);
registerMigrate(program);
registerWorkspace(program);
registerToken(program);
registerWebhook(program);
registerWorker(program);
registerTeammates(program);
registerMembers(program);
registerAudit(program);
registerConversations(program);
registerSimulate(program);
registerSendTestMail(program);
registerEvents(program);
registerDeliveries(program);
registerProspects(program);

program.parseAsync().catch(exitWithError);
