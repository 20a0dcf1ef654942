export { throttledCheck } from './login-throttle';
export { hashPassword, verifyPassword } from './passwords';
export { type AuthUser, createSession, revokeUserSessions } from './sessions';
