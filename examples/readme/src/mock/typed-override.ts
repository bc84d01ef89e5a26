import { buildProspect } from '@prospectkit/mock';

server.use(
  mock.http.get('/prospects/{id}', ({ params, response }) =>
    response(200).json(buildProspect({ id: params.id, company: 'From the test' })),
  ),
);
