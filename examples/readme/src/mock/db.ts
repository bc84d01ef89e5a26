mock.db.workspaceId; // 'ws_...'
mock.db.prospects.list(); // the workspace's prospects, newest first
mock.db.prospects.get(id);
mock.db.prospects.insert({ company: 'Imported Ltd', tags: ['csv'] }); // fills id, nulls and timestamps
mock.db.prospects.insert({ company: 'Theirs' }, { workspaceId: 'ws_...' }); // another workspace: 404 to your token
mock.db.prospects.update(id, { notes: 'Changed by the test.' }); // throws prospect_not_found when missing
mock.db.prospects.delete(id);
mock.db.outcomes.list({ prospectId }); // every recorded outcome, oldest first
mock.db.tokens.set('reader', ['prospects:read']); // also narrows a token under auth: 'any', for a 403
mock.db.tokens.set('theirs', ['prospects:read'], { workspaceId: 'ws_...' });
