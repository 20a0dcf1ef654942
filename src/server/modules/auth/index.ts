export { throttledCheck } from './login-throttle';
export { type AuthUser, createSession, findSessionUser, revokeUserSessions } from './sessions';
