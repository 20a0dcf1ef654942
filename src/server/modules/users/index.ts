export { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
export { publicUserSchema, toPublicUser } from './public-user';
export { createUser, type SessionControl } from './service';
