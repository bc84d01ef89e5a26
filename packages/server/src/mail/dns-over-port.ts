import type { MessagePort } from 'node:worker_threads';
import type { DNSResolver } from 'mailauth';

/** A question from the worker: a name and a record type, numbered to match the answer. */
interface Question {
  id: number;
  name: string;
  type: string;
}

/** The answer: the records, or the error's code (`ENOTFOUND`, `ENODATA`...), which mailauth reads. */
type Answer = { id: number; records: unknown } | { id: number; code: string; message: string };

/**
 * A DNS resolver for the mail worker that asks the main thread over a `MessagePort`: the worker never touches the
 * network itself, so the resolver the listener was given (the system's with timeouts, or a test's table) answers
 * every SPF, DKIM and DMARC question. A failure keeps its `code`, as mailauth expects of `dns.promises.resolve`.
 *
 * @param port the worker's end of the task's channel (see {@link answerDnsQuestions})
 * @example
 * const resolver = resolverOverPort(task.dnsPort);
 * await resolver('_dmarc.example.com', 'TXT');
 */
export function resolverOverPort(port: MessagePort): DNSResolver {
  let next = 0;
  const waiting = new Map<number, { resolve: (records: never) => void; reject: (error: Error) => void }>();
  port.on('message', (answer: Answer) => {
    const pending = waiting.get(answer.id);
    if (!pending) return;
    waiting.delete(answer.id);
    if ('records' in answer) pending.resolve(answer.records as never);
    else pending.reject(Object.assign(new Error(answer.message), { code: answer.code }));
    if (waiting.size === 0) port.unref();
  });
  return (name, type) =>
    new Promise((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      port.ref();
      port.postMessage({ id, name, type } satisfies Question);
    });
}

/**
 * Answers the worker's DNS questions on the main thread with `resolver`, until the port is closed.
 *
 * @param port the main thread's end of the task's channel
 * @param resolver `(name, type)` as `dns.promises.resolve`
 */
export function answerDnsQuestions(port: MessagePort, resolver: DNSResolver): void {
  port.on('message', (question: Question) => {
    resolver(question.name, question.type).then(
      (records) => port.postMessage({ id: question.id, records } satisfies Answer),
      (error: Error & { code?: string }) =>
        port.postMessage({
          id: question.id,
          code: error.code ?? 'ESERVFAIL',
          message: String(error.message).slice(0, 200),
        } satisfies Answer),
    );
  });
}
