/**
 * When the terms were agreed to: the client's clock says when the box was ticked, but a time in the server's future
 * is recorded as the server's now (a record of consent never postdates its own arrival).
 */
export function notAfterNow(instant: Date): Date {
  const now = new Date();
  return instant.getTime() > now.getTime() ? now : instant;
}
