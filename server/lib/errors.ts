/**
 * An error a client caused or should see: its status and message go out in the envelope as they are.
 * Anything else that is thrown becomes a 500 with a generic message.
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

export const notFound = (message: string) => new HttpError(404, message);
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
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);
