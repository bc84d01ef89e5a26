const { data, error, response } = await client.GET('/prospects/{id}', { params: { path: { id } } });
