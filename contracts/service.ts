// One service per direction of a process boundary (DESIGN §1), as VS Code's ProxyChannel carries
// its IPtyService: a service is declared once, as schemas (schema.ts); `proxyOf` gives the sending
// side a typed object whose calls become messages, and `serve` checks each arriving message once
// against the declaration and calls the implementation with what the check built. Inside one
// process (`ripcord run`) nothing is proxied: the program and what decides for it are plain
// objects of the per-pane interfaces these services carry (main/program/running-program.ts).
//
// On the link a method is one message: `{type, ...params}`, `type` the method's name in kebab case
// (`keyPressed` → "key-pressed"); a call adds its `id`, and its answer comes back on the same
// link as `{type: 'answer', id, result}`. `type` and `id` are the link's, never a param's name,
// and no method is called `answer`.
import type { Result } from './result';
import { count, object, result, string, type InferObject, type Schema } from './schema';

type Shape = Parameters<typeof object>[0];

/** A message its side sends and forgets. */
export interface Notice<P> {
  readonly params: Schema<P>;
  readonly returns?: undefined;
}
/** A request whose answer the caller awaits: the answer is checked as the request is. */
export interface Call<P, R> {
  readonly params: Schema<P>;
  readonly returns: Schema<R>;
}

export const notice = <S extends Shape>(shape: S): Notice<InferObject<S>> => ({ params: object(shape) });
export const call = <S extends Shape, R>(shape: S, returns: Schema<R>): Call<InferObject<S>, R> => ({ params: object(shape), returns });

export type ServiceDeclaration = Record<string, Notice<unknown> | Call<unknown, unknown>>;

/** The interface a declaration stands for: a notice returns nothing; a call resolves with its answer, or why there is none. */
export type Service<D extends ServiceDeclaration> = {
  [K in keyof D]: D[K] extends Call<infer P, infer R>
    ? (params: P) => Promise<Result<R>>
    : D[K] extends Notice<infer P>
      ? (params: P) => void
      : never;
};

/** One end of a message link: Node's IPC channel, Electron's parentPort or utilityProcess, a MessagePort. */
export interface MessageLink {
  send(message: unknown): void;
  onMessage(listener: (message: unknown) => void): { dispose(): void };
}

/** What a side does with a message it cannot take: logs it (the message is dropped, never passed on). */
export type Dropped = (problem: string) => void;

const ANSWER = 'answer';
/** A call unanswered this long resolves with an error: the other side's own waits are shorter. */
export const CALL_ANSWER_WAIT_MS = 10_000;

const kebab = (name: string): string => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const methodName = (type: string): string => type.replace(/-([a-z])/g, (_dash, letter: string) => letter.toUpperCase());
const messageType = object({ type: string() });
const answerId = object({ id: count() });

/** A message of `service`, checked: the method it names and its params as the check built them. */
export type CheckedMessage = { name: string; params: unknown; id?: number };

/** Checks one message against a service's declaration: its type names a method, its params and (for a call) its id are well-formed. */
export function checkMessage(service: ServiceDeclaration, message: unknown): Result<CheckedMessage> {
  const typed = messageType.check(message);
  if (!typed.ok) return { ok: false, error: 'not a message object with a type' };
  const { type } = typed.value;
  const name = methodName(type);
  const declared = Object.hasOwn(service, name) && kebab(name) === type ? service[name] : undefined;
  if (declared === undefined) return { ok: false, error: `unknown type ${JSON.stringify(type.slice(0, 40))}` };
  const params = declared.params.check(message, type);
  if (!params.ok) return params;
  if (declared.returns === undefined) return { ok: true, value: { name, params: params.value } };
  const id = answerId.check(message, type);
  return id.ok ? { ok: true, value: { name, params: params.value, id: id.value.id } } : id;
}

/**
 * Serves `impl` on `link`: each message of `service` is checked once and handed to its method;
 * a malformed or unknown one is dropped (`dropped` says why). A call's answer goes back on the link.
 */
export function serve<D extends ServiceDeclaration>(
  service: D,
  impl: Service<D>,
  link: MessageLink,
  dropped: Dropped,
): { dispose(): void } {
  return link.onMessage((message) => {
    if ((message as { type?: unknown } | null)?.type === ANSWER) return; // an answer to this side's own calls: its proxy's
    const checked = checkMessage(service, message);
    if (!checked.ok) {
      dropped(checked.error);
      return;
    }
    const { name, params, id } = checked.value;
    const method = impl[name] as (params: unknown) => unknown;
    if (id === undefined) {
      method.call(impl, params);
      return;
    }
    const answer = (result: Result<unknown>): void => link.send({ type: ANSWER, id, result });
    (method.call(impl, params) as Promise<Result<unknown>>).then(answer, (error: unknown) =>
      answer({ ok: false, error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

/** A typed object whose calls become `service`'s messages on `link`; dispose() ends its calls unanswered. */
export type ServiceProxy<D extends ServiceDeclaration> = Service<D> & { dispose(): void };

export function proxyOf<D extends ServiceDeclaration>(
  service: D,
  link: MessageLink,
  dropped: Dropped,
  answerWaitMs = CALL_ANSWER_WAIT_MS,
): ServiceProxy<D> {
  let nextId = 0;
  const waiting = new Map<number, { returns: Schema<unknown>; type: string; done: (result: Result<unknown>) => void }>();
  const onAnswer = (message: unknown): void => {
    if ((message as { type?: unknown } | null)?.type !== ANSWER) return;
    const answer = answerId.check(message, ANSWER);
    if (!answer.ok) {
      dropped(answer.error);
      return;
    }
    const call = waiting.get(answer.value.id);
    if (call === undefined) return; // answered after its wait was over
    const checked = result(call.returns).check((message as { result?: unknown }).result, `${call.type}.result`);
    if (!checked.ok) dropped(checked.error);
    // a malformed answer is no answer: the call fails with why
    call.done(checked.ok ? checked.value : checked);
  };
  // a proxy that makes no call never listens: a log's sender costs the link nothing
  let heard: { dispose(): void } | undefined;
  let disposed = false;
  const proxy: Record<string, unknown> = {
    dispose: () => {
      disposed = true;
      heard?.dispose();
      for (const { done } of [...waiting.values()]) done({ ok: false, error: 'the link closed before the answer' });
    },
  };
  for (const [name, declared] of Object.entries(service)) {
    const type = kebab(name);
    const { returns } = declared;
    proxy[name] =
      returns === undefined
        ? (params: object) => link.send({ ...params, type })
        : (params: object) =>
            new Promise<Result<unknown>>((resolve) => {
              if (disposed) {
                resolve({ ok: false, error: 'the link is closed' });
                return;
              }
              heard ??= link.onMessage(onAnswer);
              const id = nextId++;
              const timer = setTimeout(() => done({ ok: false, error: `no answer to ${type} within ${answerWaitMs} ms` }), answerWaitMs);
              const done = (result: Result<unknown>): void => {
                clearTimeout(timer);
                waiting.delete(id);
                resolve(result);
              };
              waiting.set(id, { returns, type, done });
              link.send({ ...params, type, id });
            });
  }
  return proxy as ServiceProxy<D>;
}
