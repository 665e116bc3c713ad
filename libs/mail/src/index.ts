export * from './mailer.js';
export * from './mail-capture.js';
export * from './mail-templates.js';
