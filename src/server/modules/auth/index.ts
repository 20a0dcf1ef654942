export { throttledCheck } from './login-throttle';
export { type AuthUser, createSession, openSessionStore, type SessionStore } from './sessions';
