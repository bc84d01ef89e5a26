import type { Database } from '../db/database.js';
import { listWorkspaces } from '../store/workspaces.js';
import { CliError } from './cli-error.js';

/**
 * Picks `--workspace`, or the only workspace when there is exactly one.
 *
 * @throws CliError when the workspace does not exist, or none was named and there is not exactly one
 */
export async function pickWorkspace(db: Database, given: string | undefined): Promise<string> {
  const workspaces = await listWorkspaces(db);
  if (given) {
    if (!workspaces.some((w) => w.id === given))
      throw new CliError(`No workspace ${given}. See: prospectkit-server workspace list`);
    return given;
  }
  if (workspaces.length === 1) return (workspaces[0] as { id: string }).id;
  if (workspaces.length === 0)
    throw new CliError(
      'There is no workspace yet. Create one first: prospectkit-server workspace create --name N',
    );
  throw new CliError('Name the workspace with --workspace ID (see: prospectkit-server workspace list).');
}
