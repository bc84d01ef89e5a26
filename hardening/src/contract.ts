import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

export const CONTRACT_PATH = fileURLToPath(new URL('../../openapi/openapi.yaml', import.meta.url));

// biome-ignore lint/suspicious/noExplicitAny: a parsed OpenAPI document
type Document = Record<string, any>;

/** The contract's five operations. */
export const OPERATIONS = [
  'listProspects',
  'createProspect',
  'getProspect',
  'updateProspect',
  'recordOutcome',
] as const;
export type OperationId = (typeof OPERATIONS)[number];

/** A response as the suite sees it. */
export interface Seen {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The raw body text. */
  text: string;
}

/**
 * Checks responses against `openapi/openapi.yaml` with ajv (JSON Schema 2020-12) and ajv-formats: the status is
 * documented for the operation, the body is JSON matching that status's schema, and the headers the contract
 * requires are there.
 */
export class ContractChecker {
  readonly document: Document;
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor() {
    this.document = parse(readFileSync(CONTRACT_PATH, 'utf8')) as Document;
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats.default(this.ajv, { mode: 'full' });
    this.ajv.addSchema({ $id: 'contract.json', components: this.document.components });
  }

  /** The validator of `#/components/schemas/<name>`. */
  schema(name: string): ValidateFunction {
    let validate = this.validators.get(name);
    if (!validate) {
      validate = this.ajv.getSchema(`contract.json#/components/schemas/${name}`) as ValidateFunction;
      if (!validate) throw new Error(`No schema ${name} in the contract.`);
      this.validators.set(name, validate);
    }
    return validate;
  }

  private operation(operationId: OperationId): Document {
    for (const item of Object.values(this.document.paths as Document)) {
      for (const op of Object.values(item as Document)) {
        if ((op as Document)?.operationId === operationId) return op as Document;
      }
    }
    throw new Error(`No operation ${operationId}.`);
  }

  /** The statuses the contract documents for an operation. */
  statuses(operationId: OperationId): number[] {
    return Object.keys(this.operation(operationId).responses).map(Number);
  }

  /** Every way `seen` breaks the contract for `operationId`; empty when it conforms. */
  check(operationId: OperationId, seen: Seen): string[] {
    const problems: string[] = [];
    const responses = this.operation(operationId).responses as Document;
    let response = responses[String(seen.status)] as Document | undefined;
    if (!response) return [`status ${seen.status} is not documented for ${operationId}`];
    if (response.$ref) {
      response = this.document.components.responses[String(response.$ref).split('/').pop() as string];
    }
    const header = (name: string) => {
      const value = seen.headers[name.toLowerCase()];
      return Array.isArray(value) ? value[0] : value;
    };
    const requestId = header('X-Request-Id');
    if (!requestId || requestId.length > 128) problems.push('X-Request-Id missing or longer than 128');
    if (seen.status === 401 && header('WWW-Authenticate') !== 'Bearer')
      problems.push('401 without WWW-Authenticate: Bearer');
    if (seen.status === 429 && !/^\d+$/.test(header('Retry-After') ?? ''))
      problems.push('429 without a whole-seconds Retry-After');
    if (seen.status === 201 && operationId === 'createProspect' && !header('Location'))
      problems.push('201 without Location');
    const schemaRef = response?.content?.['application/json']?.schema?.$ref as string | undefined;
    if (!schemaRef) return problems;
    if (!/^application\/json\b/.test(header('Content-Type') ?? ''))
      problems.push(`content type ${header('Content-Type')} is not application/json`);
    let body: unknown;
    try {
      body = JSON.parse(seen.text);
    } catch {
      problems.push(`body is not JSON: ${seen.text.slice(0, 80)}`);
      return problems;
    }
    const validate = this.schema(schemaRef.split('/').pop() as string);
    if (!validate(body)) {
      problems.push(
        `body does not match ${schemaRef.split('/').pop()}: ${this.ajv.errorsText(validate.errors, { separator: '; ' })}`,
      );
    }
    return problems;
  }
}
