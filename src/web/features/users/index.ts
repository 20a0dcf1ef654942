// The public face of the users feature: Configuraciones shows this section in its page, and the
// audit trail's filter lists the users with the same query.
export { userListQuery } from './api';
export { UsersSection } from './UsersSection';
