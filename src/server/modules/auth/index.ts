export { throttledCheck } from './login-throttle';
export { hashPassword, verifyPassword } from './passwords';
export { type AuthUser, createSession, findSessionUser, revokeUserSessions } from './sessions';
