mock.failNext('createProspect', { status: 429, retryAfterSeconds: 120 });
mock.failNext('recordOutcome', 'network-error');
mock.failNext('listProspects', { delayMs: 2_000 }); // for your timeout
