/** One part of one language's compiled catalogue (vite-catalogues.ts): message key to Lingui's compiled ICU tokens. */
declare module 'virtual:catalogue/*' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}
