/**
 * The local storage keys of the session (token and user). They live beside the API client, which
 * sends the token and clears both on a 401; the auth screens store and read them through here, so
 * auth depends on the API layer and never the other way round.
 */
export const TOKEN_KEY = 'auth_token';
export const USER_KEY = 'auth_user';

export function clearStoredSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}
