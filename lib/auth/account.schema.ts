import { z } from "zod";
import { API_KEY_SCOPES, ROLES } from "./access";

// Account forms, shared by the pages, their server actions and the CLI.

export const PASSWORD_MIN_LENGTH = 12;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, "Enter an email address")
  .max(254, "An email address has at most 254 characters")
  .email("Enter a valid email address");

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(256, "Use at most 256 characters");

export const signInSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, "Enter your email address").max(254),
  password: z.string().min(1, "Enter your password").max(256),
  next: z.string().max(500).optional(),
});

export const roleSchema = z.enum(ROLES, { message: "Choose admin, rater or viewer" });

export const createUserSchema = z.object({
  email: emailSchema,
  name: z.string().trim().min(1, "Enter a name").max(120, "Use at most 120 characters"),
  role: roleSchema,
  /** "password": a one-time password shown once; "invite": a link to set one. */
  method: z.enum(["password", "invite"]).default("password"),
});

export const setRoleSchema = z.object({ userId: z.coerce.number().int().positive(), role: roleSchema });
export const userIdSchema = z.object({ userId: z.coerce.number().int().positive() });

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password").max(256),
    newPassword: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: "The two passwords differ",
    path: ["confirmPassword"],
  });

export const acceptInviteSchema = z
  .object({ token: z.string().min(10).max(200), newPassword: newPasswordSchema, confirmPassword: z.string() })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: "The two passwords differ",
    path: ["confirmPassword"],
  });

export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, "Name the key (what uses it)").max(120, "Use at most 120 characters"),
  scope: z.enum(API_KEY_SCOPES, { message: "Choose ingest, read or score" }),
  /** Days until it expires; empty for a key that does not expire. */
  expiresInDays: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.coerce.number().int("Whole days").min(1, "At least 1 day").max(3650, "At most 3650 days").optional(),
  ),
});

export const apiKeyIdSchema = z.object({ apiKeyId: z.coerce.number().int().positive() });
