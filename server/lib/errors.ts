/**
 * An error about the request itself (its input, its credentials, its rate, its size): its status and message go
 * out in the envelope as they are. What a service decides is a DomainError below. Anything else that is thrown
 * becomes a 500 with a generic message.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * What a service says went wrong, in the domain's words and the message the shopper or staff read (with
 * `errors` by field when it names fields). Services throw these and never choose an HTTP status:
 * error-handler.ts maps each kind to one (`domainStatus`), for Fastify's routes and the pages' in-process
 * calls alike.
 */
export abstract class DomainError extends Error {
  constructor(
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}
/** No such thing, or not the asker's to see (404). */
export class NotFound extends DomainError {}
/** The rules refuse it from where things stand: a move the transition table lacks, paying a paid order (409). */
export class NotAllowed extends DomainError {}
/** Something changed first: a price since the bag was shown, a repeat, a race (409). */
export class Conflict extends DomainError {}
/** A line asked for is short of stock (409); `line` says which. */
export class OutOfStock extends DomainError {
  constructor(
    message: string,
    readonly line: { productId: number; size: string; inStock: number },
  ) {
    super(message);
  }
}
/** The store cannot do it at all just now: payments without PhonePe's credentials (503). */
export class Unavailable extends DomainError {}
/** A provider the store relies on did not do its part: PhonePe did not open a payment (502). */
export class ProviderFailed extends DomainError {}

export const notFound = (message: string) => new NotFound(message);
export const conflict = (message: string) => new Conflict(message);
export const badRequest = (message: string, errors?: Record<string, string>) =>
  new HttpError(400, message, errors);
/**
 * The 400 for input the contract refuses: each field named (dotted path, `body` for the whole) with the
 * schema's message, the first issue of a field kept; the message is the first issue's.
 */
export function invalidInput(issues: { field: string; message: string }[]): HttpError {
  const errors: Record<string, string> = {};
  for (const { field, message } of issues) errors[field || "body"] ??= message;
  return badRequest(issues[0]?.message ?? "Invalid request", errors);
}
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);
