export { toPublicUser } from './public-user';
export { createUser } from './service';
