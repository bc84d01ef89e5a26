import { ValidationError } from '@prospectkit/client';

try {
  await client.prospects.create({ company: '' });
} catch (error) {
  if (error instanceof ValidationError)
    console.log(error.errors.company); // ['The company field is required.']
  else throw error;
}
