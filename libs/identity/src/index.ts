export * from './firebase-auth.js';
