// The public face of the users feature: Configuraciones shows this section in its page.
export { UsersSection } from './UsersSection';
