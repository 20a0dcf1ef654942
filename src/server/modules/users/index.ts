export { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
export { toPublicUser } from './public-user';
export { createUser, type SessionControl } from './service';
