const page = await client.prospects.list({ search: 'acme', per_page: 50, count: 'capped' }); // page.meta.total, .has_more
for await (const prospect of client.prospects.list({ search: 'acme' })) console.log(prospect.company);
for await (const page of client.prospects.list({ per_page: 100 }).pages())
  console.log(page.meta.current_page);
