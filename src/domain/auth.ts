import { z } from 'zod';
import { singleLineText } from './input';
import { ROLES } from './roles';

/** The shortest password accepted, the same on login, registration and password changes. */
export const MIN_PASSWORD_LENGTH = 6;

export const loginSchema = z.object({
  email: z.email('Invalid email address'),
  password: z.string().min(MIN_PASSWORD_LENGTH, 'Password must be at least 6 characters'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const roleSchema = z.enum(ROLES, 'El rol debe ser admin, sales o finance');

/**
 * A person's name as the agency writes it ("Carolina Muñoz"): letters with accents and ñ, digits,
 * spaces, point, hyphen and underscore; runs of spaces are one (decision 0092). Unique ignoring case and
 * accents. One line first, so a line break gets its own message rather than the character rule's.
 */
export const usernameSchema = singleLineText('El nombre de usuario')
  .trim()
  .min(3, 'El nombre de usuario debe tener al menos 3 caracteres')
  .max(50, 'El nombre de usuario no puede superar 50 caracteres')
  .regex(
    /^[\p{L}\p{M}\d._ -]+$/u,
    'El nombre de usuario solo admite letras (también con tilde o ñ), números, espacios, punto, guion y guion bajo',
  )
  .transform((name) => name.normalize('NFC').replace(/ {2,}/g, ' '));

// The original product's English messages belong to the login form; the screens it did not cover (users, own
// account, company data) speak Spanish like the rest of the app.
const INVALID_EMAIL = 'El email no es válido';

export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres`)
  .max(200, 'La contraseña no puede superar 200 caracteres');

export const userCreateSchema = z.strictObject({
  username: usernameSchema,
  email: z.email(INVALID_EMAIL),
  password: passwordSchema,
  role: roleSchema,
});
export type UserCreateInput = z.infer<typeof userCreateSchema>;

export const userUpdateSchema = z.strictObject({
  username: usernameSchema.optional(),
  email: z.email(INVALID_EMAIL).optional(),
  role: roleSchema.optional(),
  isActive: z.boolean().optional(),
  password: passwordSchema.optional(),
});
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

/** A user changing their own profile must prove who they are before a new e-mail or password. */
export const profileUpdateSchema = z
  .strictObject({
    username: usernameSchema.optional(),
    email: z.email(INVALID_EMAIL).optional(),
    currentPassword: z.string().optional(),
    password: passwordSchema.optional(),
  })
  .refine((v) => !(v.password || v.email) || !!v.currentPassword, {
    message: 'La contraseña actual es requerida',
    path: ['currentPassword'],
  });
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

export type { PublicUser } from './user-replies';
