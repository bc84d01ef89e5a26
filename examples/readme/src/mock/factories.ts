import { buildProspect, createProspectKitMock } from '@prospectkit/mock';

const mock = createProspectKitMock({
  baseUrl,
  seed: { prospects: [buildProspect({ company: 'Acme Ltd', tags: ['emea'] })] },
});
