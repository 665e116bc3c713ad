/** Past this, the outbox backlog is shown as a warning: the relay polls every 200 ms, so a minute means it is stuck. */
export const OUTBOX_LAG_WARNING_SECONDS = 60;

/** A wait in seconds as a person reads it: '0 s', '42 s', '3 min 5 s', '2 h 10 min', '3 d 4 h'. */
export function formatWait(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return whole % 60 === 0 ? `${minutes} min` : `${minutes} min ${whole % 60} s`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}

/** How long ago `instant` was, from `now`: '4 s ago'; 'just now' for a clock a little ahead of ours. */
export function formatAgo(instant: string, now: Date): string {
  const seconds = (now.getTime() - new Date(instant).getTime()) / 1000;
  return seconds < 1 ? 'just now' : `${formatWait(seconds)} ago`;
}
