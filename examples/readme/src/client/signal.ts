const prospect = await client.prospects.get(id, { signal: AbortSignal.timeout(5_000) });
