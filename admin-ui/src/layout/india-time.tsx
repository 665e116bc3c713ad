import { Typography } from '@mui/material';
import { formatIndiaTime } from './format';

/** An instant in India time as a <time> element: the date on one line, the time under it ('25 Nov 2026' / '9:30 am IST'). */
export function IndiaTime({ value }: { value: string }) {
  const text = formatIndiaTime(value);
  const [date, time] = text.includes(', ') ? (text.split(', ') as [string, string]) : [text, ''];
  return (
    <Typography
      variant="body2"
      component="time"
      dateTime={value}
      title={text}
      sx={{ whiteSpace: 'nowrap', display: 'block' }}
    >
      {date}
      {time && <br />}
      {time && (
        <Typography component="span" variant="caption" color="text.secondary">
          {time}
        </Typography>
      )}
    </Typography>
  );
}
