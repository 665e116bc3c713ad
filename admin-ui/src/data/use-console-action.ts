import { useMutation } from '@tanstack/react-query';
import { useRefresh } from 'react-admin';
import { useSay } from '../layout/use-say';
import { serverMessage } from './api-fetch';

/** How a console action is run and told: the call, and our texts for when the server gives none. */
export interface ConsoleActionOptions<TVariables, TAnswer> {
  /** The data provider's method for the action. */
  call: (variables: TVariables) => Promise<TAnswer>;
  /** Our text for a success whose answer carries no message (an answer that is the changed record). */
  succeeded?: (variables: TVariables) => string;
  /** How a success is shown: 'warning' when it takes something away (a suspension); 'success' unless told. */
  severity?: (answer: TAnswer) => 'success' | 'warning';
  /** Our text for a failure the server gave no message with (docs/console.md: "server message or ..."). */
  failed: (variables: TVariables, error: unknown) => string;
  /** A title put before the failure's text, as in 'Failed to Send Invites: <message>'. */
  failureTitle?: string;
  /** What else a success does (after it is said). */
  onSuccess?: (answer: TAnswer, variables: TVariables) => void;
  /** What else a failure does (after it is said). */
  onFailure?: (error: unknown, variables: TVariables) => void;
  /** What else the end of the call does, either way (before the list is read again). */
  onSettled?: () => void;
}

/** The server's sentence in an answer ({message}), or '' when the answer is a record without one. */
function messageOf(answer: unknown): string {
  if (answer && typeof answer === 'object' && 'message' in answer && typeof answer.message === 'string') {
    return answer.message;
  }
  return '';
}

/**
 * A console action as TanStack Query's useMutation (react-admin 5's advice for custom data provider methods): the
 * result is said with the server's message or our text, and the list is read again afterwards either way, so the
 * screen shows what the server has. Its `isPending` is what disables the buttons while the call is in flight.
 */
export function useConsoleAction<TVariables, TAnswer>(options: ConsoleActionOptions<TVariables, TAnswer>) {
  const say = useSay();
  const refresh = useRefresh();
  const { call, succeeded, severity, failed, failureTitle, onSuccess, onFailure, onSettled } = options;
  return useMutation({
    // Sent at once even when the browser says it is offline: a failed call shows its error, as any other failure.
    networkMode: 'always',
    mutationFn: call,
    onSuccess: (answer, variables) => {
      const text = messageOf(answer) || succeeded?.(variables);
      if (text) say(text, severity?.(answer) ?? 'success');
      onSuccess?.(answer, variables);
    },
    onError: (error, variables) => {
      const text = serverMessage(error) ?? failed(variables, error);
      say(failureTitle ? `${failureTitle}: ${text}` : text, 'error');
      onFailure?.(error, variables);
    },
    onSettled: () => {
      onSettled?.();
      refresh();
    },
  });
}
