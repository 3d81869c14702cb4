import { parseArgs } from "node:util";
import { createUserSchema, emailSchema, newPasswordSchema, roleSchema } from "@/lib/auth/account.schema";
import { createUser, findUserByEmail, listUsers, resetUserPassword, setUserActive, setUserRole } from "@/lib/server/auth/manage-users";
import { generatePassword } from "@/lib/server/auth/password";
import { unlockSignIns } from "@/lib/server/auth/unlock-sign-ins";
import { DomainError } from "@/lib/server/errors";

const USAGE = `usage: concord user <action> [options]

  create --email E --name N --role admin|rater|viewer [--password P]
                              a generated password is printed once when --password is absent;
                              it must be changed at the first sign-in
  set-role --email E --role admin|rater|viewer
  reset-password --email E [--password P]
                              prints the generated password once when --password is absent
  deactivate --email E        signs the user out everywhere
  activate --email E
  unlock --email E            clears the failed sign-ins that lock this email out (from every
                              address); the email need not belong to a user
  list
`;

function fail(message: string): number {
  process.stderr.write(`concord user: ${message}\n`);
  return 1;
}

async function userByEmail(email: string | undefined) {
  const parsed = emailSchema.safeParse(email ?? "");
  if (!parsed.success) throw new DomainError("invalid", `--email: ${parsed.error.issues[0].message}`);
  const user = await findUserByEmail(parsed.data);
  if (!user) throw new DomainError("not_found", `no user with the email ${parsed.data}`);
  return user;
}

function checkedPassword(password: string | undefined): string | undefined {
  if (password === undefined) return undefined;
  const parsed = newPasswordSchema.safeParse(password);
  if (!parsed.success) throw new DomainError("invalid", `--password: ${parsed.error.issues[0].message}`);
  return parsed.data;
}

/** `concord user …`: manage accounts from the shell (DATABASE_URL names the database). */
export async function run(args: string[]): Promise<number> {
  const [action, ...rest] = args;
  if (!action || action === "--help") {
    process.stdout.write(USAGE);
    return action ? 0 : 1;
  }
  let values: Record<string, string | undefined>;
  try {
    values = parseArgs({
      args: rest,
      options: { email: { type: "string" }, name: { type: "string" }, role: { type: "string" }, password: { type: "string" } },
    }).values;
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${USAGE}`);
  }
  if (!process.env.DATABASE_URL) return fail("DATABASE_URL is not set");

  try {
    switch (action) {
      case "create": {
        const parsed = createUserSchema.safeParse({ email: values.email, name: values.name, role: values.role });
        if (!parsed.success) {
          return fail(parsed.error.issues.map((issue) => `--${issue.path.join(".")}: ${issue.message}`).join("; "));
        }
        const given = checkedPassword(values.password);
        const password = given ?? generatePassword();
        const { id } = await createUser({ ...parsed.data, password, mustChangePassword: given === undefined });
        process.stdout.write(`created user ${id} ${parsed.data.email} (${parsed.data.role})\n`);
        if (given === undefined) process.stdout.write(`one-time password (shown once): ${password}\n`);
        return 0;
      }
      case "set-role": {
        const role = roleSchema.safeParse(values.role);
        if (!role.success) return fail(`--role: ${role.error.issues[0].message}`);
        const user = await userByEmail(values.email);
        await setUserRole(user.id, role.data);
        if (!user.isActive && role.data === "admin") await setUserActive(user.id, true);
        process.stdout.write(`${user.email} is now ${role.data}\n`);
        return 0;
      }
      case "reset-password": {
        const user = await userByEmail(values.email);
        const given = checkedPassword(values.password);
        const password = await resetUserPassword(user.id, given);
        process.stdout.write(`password of ${user.email} reset; it must be changed at the next sign-in\n`);
        if (given === undefined) process.stdout.write(`one-time password (shown once): ${password}\n`);
        return 0;
      }
      case "deactivate":
      case "activate": {
        const user = await userByEmail(values.email);
        await setUserActive(user.id, action === "activate");
        process.stdout.write(`${user.email} ${action}d\n`);
        return 0;
      }
      case "unlock": {
        const parsed = emailSchema.safeParse(values.email ?? "");
        if (!parsed.success) return fail(`--email: ${parsed.error.issues[0].message}`);
        const cleared = await unlockSignIns(parsed.data);
        process.stdout.write(`sign-in of ${parsed.data} unlocked (${cleared} failed attempt${cleared === 1 ? "" : "s"} cleared)\n`);
        return 0;
      }
      case "list": {
        for (const user of await listUsers()) {
          const state = user.isActive ? "active" : "inactive";
          process.stdout.write(`${String(user.id).padStart(4)}  ${user.role.padEnd(6)}  ${state.padEnd(8)}  ${user.email}  (${user.name})\n`);
        }
        return 0;
      }
      default:
        return fail(`unknown action "${action}"\n\n${USAGE}`);
    }
  } catch (error) {
    if (error instanceof DomainError) return fail(error.message);
    throw error;
  }
}
