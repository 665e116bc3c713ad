export * from './mailer.js';
export * from './mail-capture.js';
export * from './mail-templates.js';
export * from './message-catalogues.js';
export * from './message-helpers.js';
